#!/usr/bin/env python3
"""Dependency-free wire-protocol probes used by stack.sh.

    probe.py kafka|mongo|redis|tcp HOST:PORT [TIMEOUT_SECONDS]

Exits 0 when the server at HOST:PORT answers a real request of its protocol
(a bare TCP connect only proves *something* listens), 1 otherwise, with the
reason on stderr. Standard library only, so it runs before anything is
installed and on any Python 3.
"""
import socket
import struct
import sys


def recv_exact(sock, n):
    buf = b""
    while len(buf) < n:
        chunk = sock.recv(n - len(buf))
        if not chunk:
            raise ConnectionError("connection closed after %d of %d bytes" % (len(buf), n))
        buf += chunk
    return buf


def probe_tcp(sock):
    return None  # connecting was the whole check


def probe_redis(sock):
    sock.sendall(b"*1\r\n$4\r\nPING\r\n")
    reply = sock.recv(64)
    if not reply.startswith(b"+PONG"):
        return "unexpected PING reply %r" % reply
    return None


def probe_kafka(sock):
    # ApiVersions v0: every broker version answers it, even before SASL or auth.
    client_id = b"stack-probe"
    body = struct.pack(">hhih", 18, 0, 0x5354, len(client_id)) + client_id
    sock.sendall(struct.pack(">i", len(body)) + body)
    (size,) = struct.unpack(">i", recv_exact(sock, 4))
    payload = recv_exact(sock, size)
    correlation_id, error_code = struct.unpack(">ih", payload[:6])
    if correlation_id != 0x5354:
        return "ApiVersions: wrong correlation id %d" % correlation_id
    if error_code != 0:
        return "ApiVersions: error code %d" % error_code
    return None


def bson_cstring(s):
    return s.encode() + b"\x00"


def bson_doc(elements):
    body = b"".join(elements) + b"\x00"
    return struct.pack("<i", len(body) + 4) + body


# Sizes of fixed-width BSON types, to skip fields we do not care about.
_FIXED = {0x01: 8, 0x07: 12, 0x08: 1, 0x09: 8, 0x0A: 0, 0x10: 4, 0x11: 8, 0x12: 8, 0x13: 16,
          0x7F: 0, 0xFF: 0}


def bson_top_level(doc):
    """Returns {name: (type, raw_value)} for the top-level fields of a BSON document."""
    out = {}
    pos, end = 4, struct.unpack("<i", doc[:4])[0] - 1
    while pos < end:
        t = doc[pos]
        nul = doc.index(b"\x00", pos + 1)
        name = doc[pos + 1:nul].decode()
        pos = nul + 1
        if t in _FIXED:
            size = _FIXED[t]
        elif t in (0x02, 0x0D, 0x0E):  # string, js code, symbol
            size = 4 + struct.unpack("<i", doc[pos:pos + 4])[0]
        elif t in (0x03, 0x04, 0x0F):  # document, array, code_w_scope
            size = struct.unpack("<i", doc[pos:pos + 4])[0]
        elif t == 0x05:  # binary
            size = 5 + struct.unpack("<i", doc[pos:pos + 4])[0]
        elif t == 0x0B:  # regex: two cstrings
            size = doc.index(b"\x00", doc.index(b"\x00", pos) + 1) + 1 - pos
        else:
            break
        out[name] = (t, doc[pos:pos + size])
        pos += size
    return out


def probe_mongo(sock):
    # OP_MSG (opcode 2013) {ping: 1, $db: "admin"}: what drivers send to check a server.
    cmd = bson_doc([
        b"\x10" + bson_cstring("ping") + struct.pack("<i", 1),
        b"\x02" + bson_cstring("$db") + struct.pack("<i", 6) + b"admin\x00",
    ])
    body = struct.pack("<I", 0) + b"\x00" + cmd
    request_id = 0x5354
    sock.sendall(struct.pack("<iiii", 16 + len(body), request_id, 0, 2013) + body)
    length, _, response_to, opcode = struct.unpack("<iiii", recv_exact(sock, 16))
    payload = recv_exact(sock, length - 16)
    if opcode != 2013 or response_to != request_id:
        return "unexpected reply opcode=%d responseTo=%d" % (opcode, response_to)
    if payload[4] != 0:
        return "unexpected OP_MSG section kind %d" % payload[4]
    fields = bson_top_level(payload[5:])
    t, raw = fields.get("ok", (None, b""))
    ok = {0x01: lambda: struct.unpack("<d", raw)[0], 0x10: lambda: struct.unpack("<i", raw)[0],
          0x12: lambda: struct.unpack("<q", raw)[0]}.get(t, lambda: 0)()
    if ok != 1:
        err = fields.get("errmsg", (None, b""))[1][4:-1].decode(errors="replace")
        return "ping failed: ok=%r %s" % (ok, err)
    return None


PROBES = {"kafka": probe_kafka, "mongo": probe_mongo, "redis": probe_redis, "tcp": probe_tcp}


def main(argv):
    if len(argv) not in (3, 4) or argv[1] not in PROBES:
        print(__doc__, file=sys.stderr)
        return 2
    host, _, port = argv[2].rpartition(":")
    timeout = float(argv[3]) if len(argv) == 4 else 2.0
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout) as sock:
            sock.settimeout(timeout)
            err = PROBES[argv[1]](sock)
    except (OSError, ValueError, struct.error, IndexError) as e:
        err = "%s: %s" % (type(e).__name__, e)
    if err:
        print("%s %s: %s" % (argv[1], argv[2], err), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
