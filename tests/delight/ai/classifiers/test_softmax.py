"""Training and keeping a regression (delight/ai/classifiers/softmax.py)."""

from __future__ import annotations

import numpy as np

from delight.ai.classifiers.softmax import softmax_train


def test_an_example_weighted_zero_teaches_nothing():
    vectors = np.asarray([[1.0, 0.0], [1.0, 0.0], [0.0, 1.0]])
    labels = np.asarray([0, 1, 1])
    heard = softmax_train(vectors, labels, 2, l2=0.01, steps=200,
                          example_weights=np.asarray([1.0, 0.0, 1.0]))  # fmt: skip
    unweighted = softmax_train(vectors, labels, 2, l2=0.01, steps=200)
    point = np.asarray([[1.0, 0.0]])
    assert heard.probabilities(point)[0][0] > 0.9
    assert unweighted.probabilities(point)[0][0] < 0.6
