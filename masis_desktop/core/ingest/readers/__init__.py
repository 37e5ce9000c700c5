"""Readers behind one protocol, chosen by file extension (and, for PDF/DOCX, by content signature).

``read_file(path, data)`` is the single entry point: it returns a ``ReadResult`` or raises ``Unsupported``
(reported as *skipped*) or ``ReadFailed`` (reported as *failed*). Unknown extensions are skipped rather than
guessed at, so a folder of mixed files indexes only what we can read faithfully.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from masis_desktop.core.ingest.readers.docx_reader import DocxReader
from masis_desktop.core.ingest.readers.html_reader import HtmlReader
from masis_desktop.core.ingest.readers.pdf_reader import PdfReader
from masis_desktop.core.ingest.readers.text_reader import CodeReader, MarkdownReader, TextReader
from masis_desktop.core.ingest.types import ReadResult, Unsupported


class Reader(Protocol):
    """Turns a file's bytes into page texts; raises ``ReadFailed``/``Unsupported`` with a reason a user can act on."""

    kind: str

    def read(self, path: Path, data: bytes) -> ReadResult: ...


TEXT_EXTENSIONS = {".txt", ".text", ".log", ".rst", ".csv", ".tsv", ".tex", ".org", ".adoc", ".asciidoc", ".me"}
MARKDOWN_EXTENSIONS = {".md", ".markdown", ".mdown", ".mkd", ".mkdn", ".mdx"}
HTML_EXTENSIONS = {".html", ".htm", ".xhtml", ".shtml"}
DOCX_EXTENSIONS = {".docx", ".docm", ".dotx"}
CODE_EXTENSIONS = {
    ".py", ".pyi", ".js", ".mjs", ".cjs", ".ts", ".tsx", ".jsx", ".java", ".kt", ".kts", ".scala", ".groovy",
    ".c", ".h", ".cc", ".cpp", ".cxx", ".hpp", ".hh", ".cs", ".go", ".rs", ".rb", ".php", ".swift", ".m", ".mm",
    ".r", ".jl", ".lua", ".pl", ".pm", ".sh", ".bash", ".zsh", ".fish", ".ps1", ".bat", ".cmd", ".sql", ".css",
    ".scss", ".less", ".vue", ".svelte", ".dart", ".ex", ".exs", ".erl", ".hs", ".ml", ".clj", ".el", ".vim",
    ".proto", ".graphql", ".cmake", ".gradle", ".tf", ".nix",
}
CONFIG_EXTENSIONS = {
    ".json", ".jsonl", ".yaml", ".yml", ".toml", ".ini", ".cfg", ".conf", ".properties", ".xml", ".env",
    ".editorconfig", ".gitignore", ".dockerignore",
}
CODE_NAMES = {"makefile", "dockerfile", "containerfile", "jenkinsfile", "rakefile", "gemfile", "procfile",
              "cmakelists.txt", "vagrantfile"}
TEXT_NAMES = {"readme", "license", "licence", "copying", "authors", "changelog", "notice", "contributing", "todo"}
LEGACY_FORMATS = {
    ".doc": "legacy Word .doc format is not supported; save it as .docx",
    ".ppt": "PowerPoint files are not supported; export to PDF",
    ".pptx": "PowerPoint files are not supported; export to PDF",
    ".xls": "spreadsheets are not supported; export to CSV",
    ".xlsx": "spreadsheets are not supported; export to CSV",
    ".rtf": "RTF is not supported; save it as .docx or .txt",
    ".odt": "OpenDocument text is not supported; save it as .docx",
    ".epub": "EPUB is not supported; convert it to PDF or HTML",
}

# How each kind of document is read, by version. A document whose catalog row names an older version is read
# again on the next ingest of its file even if the file is unchanged, so a reader's improvement reaches existing
# workspaces. Bump a kind's version when its reader's text changes. (Rows written before versions were recorded
# count as version 1.)
READER_VERSIONS = {"html": 3}


def reader_version(kind: str | None) -> str:
    """The version tag stored with a document read as ``kind`` (e.g. ``"html-2"``)."""
    return f"{kind or 'unknown'}-{READER_VERSIONS.get(kind or '', 1)}"


def read_by_current_reader(kind: str | None, stored: str | None) -> bool:
    """Whether a document whose catalog row says ``stored`` was read by the current reader of its kind."""
    return (stored or f"{kind or 'unknown'}-1") == reader_version(kind)


_PDF = PdfReader()
_DOCX = DocxReader()
_HTML = HtmlReader()
_MARKDOWN = MarkdownReader()
_TEXT = TextReader()
_CODE = CodeReader("code")
_CONFIG = CodeReader("config")


def reader_for(path: Path, head: bytes) -> Reader:
    """Pick a reader from the extension; content signatures catch PDFs and DOCX files with odd names."""
    suffix = path.suffix.lower()
    name = path.name.lower()
    if suffix == ".pdf" or head.startswith(b"%PDF-"):
        return _PDF
    if suffix in DOCX_EXTENSIONS:
        return _DOCX
    if suffix in LEGACY_FORMATS:
        raise Unsupported(LEGACY_FORMATS[suffix])
    if suffix in MARKDOWN_EXTENSIONS:
        return _MARKDOWN
    if suffix in HTML_EXTENSIONS:
        return _HTML
    if suffix in TEXT_EXTENSIONS or (not suffix and name in TEXT_NAMES):
        return _TEXT
    if suffix in CODE_EXTENSIONS or name in CODE_NAMES:
        return _CODE
    if suffix in CONFIG_EXTENSIONS or name in CONFIG_EXTENSIONS:
        return _CONFIG
    kind = f"'{suffix}' files" if suffix else "files without an extension"
    raise Unsupported(f"unsupported file type: {kind} are not read (supported: PDF, DOCX, Markdown, HTML, text, "
                      "source code and config files)")


def read_file(path: Path, data: bytes) -> ReadResult:
    return reader_for(path, data[:8]).read(path, data)


def is_supported_name(path: Path) -> bool:
    """True when the name alone says we would try to read it (used to report folder contents accurately)."""
    try:
        reader_for(path, b"")
    except Unsupported:
        return False
    return True
