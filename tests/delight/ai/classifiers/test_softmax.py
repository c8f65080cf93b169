"""Training and keeping a regression (delight/ai/classifiers/softmax.py)."""

from __future__ import annotations

import numpy as np

from delight.ai.classifiers.softmax import (
    independent_train,
    softmax_load,
    softmax_save,
    softmax_train,
)


def test_an_example_weighted_zero_teaches_nothing():
    vectors = np.asarray([[1.0, 0.0], [1.0, 0.0], [0.0, 1.0]])
    labels = np.asarray([0, 1, 1])
    heard = softmax_train(vectors, labels, 2, l2=0.01, steps=200,
                          example_weights=np.asarray([1.0, 0.0, 1.0]))  # fmt: skip
    unweighted = softmax_train(vectors, labels, 2, l2=0.01, steps=200)
    point = np.asarray([[1.0, 0.0]])
    assert heard.probabilities(point)[0][0] > 0.9
    assert unweighted.probabilities(point)[0][0] < 0.6


def test_independent_classes_can_all_be_right_at_once():
    vectors = np.asarray([[1.0, 0.0], [0.0, 1.0]])
    right = np.asarray([[1, 1, 0], [0, 0, 1]])
    model = independent_train(vectors, right, l2=0.001, steps=400)
    chances = model.probabilities(np.asarray([[1.0, 0.0]]))[0]
    assert chances[0] > 0.8
    assert chances[1] > 0.8
    assert chances[2] < 0.2


def test_a_kept_regression_reads_as_it_was_trained(tmp_path):
    model = independent_train(np.asarray([[1.0], [0.0]]), np.asarray([[1], [0]]), l2=0.01,
                              steps=50)  # fmt: skip
    path = tmp_path / "kept.npz"
    softmax_save(path, model, embedder="space", examples_sha256="abc")
    kept = softmax_load(path)
    assert kept.regression.independent
    assert np.allclose(kept.regression.probabilities(np.asarray([[1.0]])),
                       model.probabilities(np.asarray([[1.0]])))  # fmt: skip
