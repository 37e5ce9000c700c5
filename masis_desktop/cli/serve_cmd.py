"""``masis serve`` (the local HTTP API, seed 003's route) and ``masis serve token``.

Loopback by default. The bearer token is generated on the first start and stored 0600 in the user's config;
``masis serve token`` prints it for scripts. Listening on any other address needs a token that already exists
(made on purpose with ``masis serve token``), so the API is never exposed by a typo before it has a secret.
"""

from __future__ import annotations

import argparse
import ipaddress
import socket

from masis_desktop.cli.output import eprint
from masis_desktop.errors import MasisError

DEFAULT_PORT = 8765


def register(sub: argparse._SubParsersAction) -> None:
    serve = sub.add_parser("serve", help="serve the HTTP API (POST /masis/workspaces/{workspace}) on this machine")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default: loopback only)")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0 = any free)")
    serve.add_argument("--workers", type=int, default=1, metavar="N",
                       help="answers computed at once (default 1; each model still runs one call at a time)")
    serve.add_argument("--queue", type=int, default=4, metavar="N",
                       help="answers allowed to wait; one more is refused with HTTP 429 (default 4)")
    serve.set_defaults(func=cmd_serve)
    ssub = serve.add_subparsers(dest="serve_command", metavar="ACTION")
    token = ssub.add_parser("token", help="print the API token (creating it if there is none)")
    token.add_argument("--regenerate", action="store_true", help="replace it; clients need the new one")
    token.set_defaults(func=cmd_token)


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def cmd_token(args: argparse.Namespace) -> int:
    from masis_desktop.server import auth

    token = auth.create_token() if args.regenerate else auth.load_or_create_token()
    print(token)
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from masis_desktop.core import sysreq
    from masis_desktop.server import auth
    from masis_desktop.server.app import create_app
    from masis_desktop.server.queue import RequestQueue
    from masis_desktop.server.runtime import Runtime
    from masis_desktop.settings import load_settings

    if args.workers < 1 or args.queue < 0:
        raise MasisError("--workers must be 1 or more and --queue 0 or more")
    loopback = is_loopback(args.host)
    if loopback:
        token = auth.load_or_create_token()
    else:
        existing = auth.read_token()
        if existing is None:
            raise MasisError(f"refusing to listen on {args.host} without an API token: run `masis serve token` first "
                             "and give the token to your clients")
        token = existing
    settings = load_settings()
    sysreq.require("ask", settings)
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((args.host, args.port))
    except OSError as exc:
        sock.close()
        raise MasisError(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}") from exc
    port = sock.getsockname()[1]
    runtime = Runtime(settings)
    queue = RequestQueue(workers=args.workers, depth=args.queue)
    app = create_app(runtime, token, queue)
    shown = f"[{args.host}]" if family == socket.AF_INET6 else args.host
    eprint(f"MASIS API on http://{shown}:{port} (OpenAPI page: /docs); token: `masis serve token` "
           f"({auth.token_path()})")
    if not loopback:
        eprint("warning: plain HTTP on a network address: the token and every question and answer cross the network "
               "unencrypted; put a TLS proxy in front of it")
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False, timeout_graceful_shutdown=5))
    try:
        server.run(sockets=[sock])
    finally:
        queue.close()
        runtime.close()
        sock.close()
    return 0
