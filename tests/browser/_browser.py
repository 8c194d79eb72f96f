"""Helpers the real-browser tests share: skip-or-fail, module checks, a free port."""

from __future__ import annotations

import os
import socket

import pytest


def need(ok: bool, reason: str) -> None:
    """Skip with ``reason`` unless ``ok``; under CI a missing requirement is a failure."""
    if ok:
        return
    if os.environ.get("CI"):
        pytest.fail(f"browser tests cannot run under CI: {reason}", pytrace=False)
    pytest.skip(reason)


def can_import(name: str) -> bool:
    """Whether ``import name`` works."""
    try:
        __import__(name)
    except ImportError:
        return False
    return True


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port
