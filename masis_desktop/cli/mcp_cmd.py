"""``masis mcp``: serve the MCP tools (``critique_answer``, ``ask``, ``search``) over stdio for an MCP client.

stdout is the protocol; messages go to stderr. See README ("MCP server") for a client configuration snippet.
"""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    mcp = sub.add_parser("mcp", help="serve the MCP tools critique_answer, ask and search over stdio")
    mcp.add_argument("--workspace", metavar="NAME", help="workspace the tools use when a call names none")
    mcp.set_defaults(func=cmd_mcp)


def cmd_mcp(args: argparse.Namespace) -> int:
    from masis_desktop.server.mcp_tools import build_server
    from masis_desktop.server.runtime import Runtime

    runtime = Runtime()
    if args.workspace:
        runtime.require_workspace(args.workspace)
    try:
        build_server(runtime, args.workspace).run("stdio")
    finally:
        runtime.close()
    return 0
