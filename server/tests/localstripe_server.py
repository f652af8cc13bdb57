#!/usr/bin/env python3
"""localstripe (a fake but stateful Stripe API, PyPI `localstripe`) for the server's payment tests.

Serves localstripe's application on 127.0.0.1 only (port 0 picks a free one; localstripe's own
launcher listens on every interface), keeps its store in memory (its launcher pickles it to a
fixed /tmp file, which concurrent tests would share), and prints `PORT <n>` on standard output
once it is ready. Stops when its standard input closes or on SIGTERM.

Besides the Stripe API under /v1/, it serves its Stripe.js stand-in at /js.stripe.com/v3/ and
accepts webhook endpoints at POST /_config/webhooks/<id> {url, secret, events?}.
"""

import argparse
import asyncio
import signal
import sys

from aiohttp import web
from localstripe import resources
from localstripe import server as localstripe_server


async def serve(port):
    # In memory only: never read or write localstripe's shared /tmp/localstripe.pickle.
    resources.Store.dump_to_disk = lambda self: None
    resources.store.clear()

    runner = web.AppRunner(localstripe_server.app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", port)
    await site.start()
    bound = site._server.sockets[0].getsockname()[1]
    print(f"PORT {bound}", flush=True)

    loop = asyncio.get_running_loop()
    done = asyncio.Event()
    loop.add_signal_handler(signal.SIGTERM, done.set)
    # Stop when the test closes our standard input (or dies): no orphan server is left behind.
    loop.run_in_executor(None, lambda: (sys.stdin.read(), loop.call_soon_threadsafe(done.set)))
    await done.wait()
    await runner.cleanup()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    asyncio.run(serve(args.port))


if __name__ == "__main__":
    main()
