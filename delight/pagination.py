"""Pages of a list (?page=): only a page number from 1 is a page."""

from __future__ import annotations

import re
from typing import Any

from rest_framework import pagination
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.views import APIView

_PAGE = re.compile(r"[1-9][0-9]{0,8}")


class PageNumberPagination(pagination.PageNumberPagination):
    """DRF's pages, but "?page=" given empty or as anything but a number from 1 answers 404
    like a page past the end, instead of reading as the first page."""

    def paginate_queryset(
        self, queryset: Any, request: Request, view: APIView | None = None
    ) -> list[Any] | None:
        page = request.query_params.get(self.page_query_param)
        if page is not None and not _PAGE.fullmatch(page):
            raise NotFound(self.invalid_page_message.format(page_number=page, message=""))
        return super().paginate_queryset(queryset, request, view)

    def get_schema_operation_parameters(self, view: APIView) -> list[dict[str, Any]]:
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] == self.page_query_param:
                parameter["schema"] = {"type": "integer", "minimum": 1, "maximum": 999_999_999}
        return parameters
