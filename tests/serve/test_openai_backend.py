"""The OpenAI-compatible backend against a real llama.cpp server (SmolLM2-135M on loopback), and its one-line errors
against loopback servers that are down, silent or answer garbage."""

from __future__ import annotations

import http.server
import re
import socket
import threading
from collections.abc import Iterator
from typing import Any, Literal

import pytest
from pydantic import BaseModel, Field

from masis_desktop.core.events import CancelToken
from masis_desktop.core.llm.openai_backend import ModelServerError, OpenAIServerLLM
from masis_desktop.errors import CancelledError
from masis_desktop.settings import ServerBackend
from tests.serve.conftest import LlamaServer, free_port

pytestmark = pytest.mark.timeout(240)

QUESTION = [{"role": "system", "content": "You answer in one short sentence."},
            {"role": "user", "content": "What is the capital of France?"}]


@pytest.fixture(scope="module")
def server_llm(llama_server: LlamaServer) -> Iterator[OpenAIServerLLM]:
    llm = OpenAIServerLLM(ServerBackend(url=llama_server.url, model=llama_server.model, timeout_s=120), role="critic")
    yield llm
    llm.close()


class Verdict(BaseModel):
    verdict: Literal["supported", "contradicted", "not_in_sources"]
    confidence: int = Field(ge=0, le=100)


def test_stream_yields_pieces_that_join_into_the_completion(server_llm: OpenAIServerLLM) -> None:
    pieces = list(server_llm.stream(QUESTION, max_tokens=16))
    completion = server_llm.complete(QUESTION, max_tokens=16)
    assert len(pieces) > 1
    assert "".join(pieces) == completion.text  # greedy: the same reply twice
    assert completion.stats.completion_tokens == len(pieces)
    assert completion.stats.first_token_ms is not None


def test_a_stream_follows_the_grammar_it_is_given(server_llm: OpenAIServerLLM) -> None:
    grammar = 'root ::= "Paris [c" [0-9] "]."\n'
    text = "".join(server_llm.stream(QUESTION, max_tokens=16, grammar=grammar))
    assert re.fullmatch(r"Paris \[c[0-9]\]\.", text), text


def test_structured_output_is_constrained_by_the_schema(server_llm: OpenAIServerLLM) -> None:
    messages = [{"role": "system", "content": "Decide whether the passage states the claim."},
                {"role": "user", "content": "Claim: The office opens in 2027. Passage: The Oslo office opens on "
                                            "1 March 2027."}]
    result = server_llm.structured(messages, Verdict, max_tokens=40)
    assert isinstance(result, Verdict)  # a 135M model only keeps to an enum and a range under a grammar


def test_likelihood_scores_match_the_in_process_reading(server_llm: OpenAIServerLLM, tiny_llm: Any) -> None:
    continuations = [" Paris", " Berlin", " £120 per night"]
    remote = server_llm.score(QUESTION, "The capital of France is", continuations)
    local = tiny_llm.score(QUESTION, "The capital of France is", continuations)
    assert remote == pytest.approx(local, abs=0.6)  # same model, template and tokens; only arithmetic differs
    assert remote[0] > remote[1] > remote[2]


def test_token_counts_come_from_the_server_tokenizer(server_llm: OpenAIServerLLM, tiny_llm: Any) -> None:
    text = "The Oslo office opens on 1 March 2027, with 40 desks."
    assert server_llm.count_tokens(text) == tiny_llm.count_tokens(text)
    assert not server_llm.token_counts_estimated


def test_a_shared_prompt_prefix_is_reused_from_the_servers_kv_cache(server_llm: OpenAIServerLLM,
                                                                     llama_server: LlamaServer) -> None:
    evidence = " ".join(f"Fact {i}: the office on floor {i} has {i * 3} desks." for i in range(40))
    system = {"role": "system", "content": f"Answer from these facts only.\n{evidence}"}
    for question in ("How many desks are on floor 3?", "How many desks are on floor 7?"):
        server_llm.complete([system, {"role": "user", "content": question}], max_tokens=4)
    hits = [int(n) for n in re.findall(r"Llama\.generate: (\d+) prefix-match hit", llama_server.log_text())]
    assert hits and max(hits) >= server_llm.count_tokens(evidence)  # the second prompt evaluated only its question


def test_cancelling_stops_a_stream_at_once(server_llm: OpenAIServerLLM) -> None:
    cancel = CancelToken()
    got = []
    with pytest.raises(CancelledError):
        for piece in server_llm.stream(QUESTION, max_tokens=200, cancel=cancel):
            got.append(piece)
            cancel.cancel()
    assert len(got) == 1


# --- servers that are down, silent or wrong --------------------------------------------------------------------


def _llm(url: str, timeout_s: float = 5.0) -> OpenAIServerLLM:
    return OpenAIServerLLM(ServerBackend(url=url, model="m", timeout_s=timeout_s), role="critic")


def test_an_unreachable_server_is_one_clear_line() -> None:
    port = free_port()  # nothing listens there
    with pytest.raises(ModelServerError) as err:
        _llm(f"http://127.0.0.1:{port}").complete(QUESTION)
    message = str(err.value)
    assert "\n" not in message
    assert f"127.0.0.1:{port}/v1" in message and "unreachable" in message and "masis models reset critic" in message


@pytest.fixture
def silent_server() -> Iterator[int]:
    """Accepts connections and never answers."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(8)
    yield int(sock.getsockname()[1])
    sock.close()


def test_a_server_that_does_not_answer_in_time_is_one_clear_line(silent_server: int) -> None:
    with pytest.raises(ModelServerError, match=r"did not answer within 1 s"):  # without the timeout: a hang
        _llm(f"http://127.0.0.1:{silent_server}", timeout_s=1).complete(QUESTION)


class _Scripted(http.server.BaseHTTPRequestHandler):
    """A loopback HTTP server that answers every POST with the class's ``body`` (and counts the requests)."""

    body: bytes = b""
    content_type = "text/event-stream"
    requests: list[str]

    def do_POST(self) -> None:
        self.requests.append(self.path)
        self.rfile.read(int(self.headers.get("content-length") or 0))
        self.send_response(200)
        self.send_header("content-type", self.content_type)
        self.send_header("content-length", str(len(self.body)))
        self.end_headers()
        self.wfile.write(self.body)

    def log_message(self, format: str, *args: Any) -> None:
        pass


def _serve(handler: type[_Scripted]) -> Iterator[tuple[str, list[str]]]:
    handler.requests = []
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/v1", handler.requests
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture
def html_server() -> Iterator[tuple[str, list[str]]]:
    class Html(_Scripted):
        body = b"<html><body>It works!</body></html>"
        content_type = "text/html"

    yield from _serve(Html)


@pytest.fixture
def no_logprobs_server() -> Iterator[tuple[str, list[str]]]:
    """Streams a finished reply with no log-probabilities, and has no tokenizer (as Ollama)."""

    class Plain(_Scripted):
        body = (b'data: {"id":"1","object":"chat.completion.chunk","created":0,"model":"m","choices":[{"index":0,'
                b'"delta":{"content":"Paris"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n')

        def do_POST(self) -> None:
            if self.path.endswith("tokenize"):
                self.requests.append(self.path)
                self.send_error(404)
                return
            super().do_POST()

    yield from _serve(Plain)


def test_a_server_answering_garbage_is_one_clear_line(html_server: tuple[str, list[str]]) -> None:
    url, _ = html_server
    with pytest.raises(ModelServerError, match=r"not an OpenAI-compatible stream \(content-type text/html\)"):
        _llm(url).complete(QUESTION)


def test_without_log_probabilities_scoring_is_refused_plainly_and_not_retried(
        no_logprobs_server: tuple[str, list[str]]) -> None:
    url, requests = no_logprobs_server
    llm = _llm(url)
    assert llm.complete(QUESTION).text == "Paris"
    for _ in range(2):
        with pytest.raises(ModelServerError, match="likelihood check is skipped"):
            llm.score(QUESTION, "It is", [" Paris"])
    assert sum(p.endswith("tokenize") for p in requests) == 2  # probed once (both paths), then never again
    assert llm.count_tokens("twelve chars") == 4  # no tokenizer: the over-estimate, and it says so
    assert llm.token_counts_estimated


def test_a_role_on_a_server_that_is_down_fails_before_the_question_starts() -> None:
    from masis_desktop.core.llm.pool import ModelPool
    from masis_desktop.settings import Settings

    settings = Settings()
    for role in ("critic", "evaluator"):
        settings.models.servers[role] = ServerBackend(url=f"http://127.0.0.1:{free_port()}", model="m")
    settings.models.servers["evaluator"] = settings.models.servers["critic"]
    pool = ModelPool(settings)
    with pytest.raises(ModelServerError) as err:
        pool.get("evaluator")  # what Models.from_pool does first thing: the run never starts on a dead server
    message = str(err.value)
    assert message.startswith("the critic and evaluator server http://127.0.0.1:")
    assert "run `masis models reset critic`, `masis models reset evaluator` to use the local model" in message
    assert pool.loaded() == []
