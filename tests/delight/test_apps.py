"""What the kernel's app sets up for the whole process when Django starts."""

from __future__ import annotations

from django.conf import settings
from threadpoolctl import threadpool_info


def test_numpys_blas_runs_on_the_configured_number_of_threads():
    # Its default is a thread a core, whose idle spinning took PostgreSQL's core in a turn.
    blas = [pool for pool in threadpool_info() if pool["user_api"] == "blas"]
    assert blas, "numpy's BLAS was not found"
    assert {pool["num_threads"] for pool in blas} == {settings.BLAS_THREADS}
