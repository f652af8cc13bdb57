#!/usr/bin/env python3
"""A local SMTP sink for the server's e-mail tests.

Listens on 127.0.0.1 (port 0 picks a free one), writes every message it receives to its own
file in --dir (the raw RFC 5322 bytes, with the envelope recipients in the file name), and
prints `PORT <n>` on standard output once it is ready. Stops when its standard input closes
or on SIGTERM.
"""

import argparse
import asyncio
import os
import signal
import sys
import threading

from aiosmtpd.smtp import SMTP


class SaveToDir:
    def __init__(self, directory):
        self.directory = directory
        self.count = 0
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            self.count += 1
            n = self.count
        rcpt = "_".join(r.replace("/", "_") for r in envelope.rcpt_tos)
        tmp = os.path.join(self.directory, f".{n:05d}.tmp")
        final = os.path.join(self.directory, f"{n:05d}_{rcpt}.eml")
        data = envelope.original_content or envelope.content
        if isinstance(data, str):
            data = data.encode("utf-8")
        with open(tmp, "wb") as f:
            f.write(data)
        os.rename(tmp, final)
        return "250 Message accepted for delivery"


async def serve(directory, port):
    loop = asyncio.get_running_loop()
    handler = SaveToDir(directory)
    server = await loop.create_server(lambda: SMTP(handler, hostname="localhost"), "127.0.0.1", port)
    print(f"PORT {server.sockets[0].getsockname()[1]}", flush=True)

    done = asyncio.Event()
    loop.add_signal_handler(signal.SIGTERM, done.set)
    # Stop when the test closes our standard input (or dies): no orphan server is left behind.
    loop.run_in_executor(None, lambda: (sys.stdin.read(), loop.call_soon_threadsafe(done.set)))
    await done.wait()
    server.close()
    await server.wait_closed()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--dir", required=True)
    args = parser.parse_args()
    os.makedirs(args.dir, exist_ok=True)
    asyncio.run(serve(args.dir, args.port))
    os._exit(0)


if __name__ == "__main__":
    main()
