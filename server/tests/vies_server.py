#!/usr/bin/env python3
"""A VIES stand-in for the server's VAT tests and the browser tests: the European Commission's
REST API (`POST /check-vat-number`, `GET /check-status`, the shapes of
https://ec.europa.eu/taxation_customs/vies/rest-api) with fixed behaviours by number:

  DE123456789, DE811907980, BE0403019261, FR40303265045, IT00743110157,
  SE559900001401, DK10000009                    valid (name, address)
  DE111111111                                   the member state is unavailable (MS_UNAVAILABLE)
  DE222222222                                   slow: answers "valid" after --slow-seconds (3.5 s)
  any other number                              invalid

A valid answer carries a consultation number (`requestIdentifier`) only when the requester
(`requesterMemberStateCode`, `requesterNumber`) is given, as VIES does. Python's standard library
only; listens on 127.0.0.1 (port 0 picks a free one) and prints `PORT <n>` once ready. Stops when
its standard input closes or on SIGTERM.
"""

import argparse
import itertools
import json
import signal
import sys
import threading
import time
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

VALID = {
    "DE123456789": ("Muster GmbH", "Musterstraße 1\n80331 München"),
    "DE811907980": ("Bayern Prototypen GmbH", "Leopoldstraße 10\n80802 München"),
    "BE0403019261": ("Exemple SA", "Rue de la Loi 16\n1000 Bruxelles"),
    "FR40303265045": ("FORME ADDITIVE TEST", "12 RUE DE L'EXEMPLE\n69000 LYON"),
    "IT00743110157": ("Esempio SpA", "Via Roma 1\n20121 Milano"),
    "SE559900001401": ("Exempel AB", "Storgatan 1\n111 51 Stockholm"),
    "DK10000009": ("Eksempel ApS", "Vesterbrogade 1\n1620 København V"),
}
UNAVAILABLE = {"DE111111111"}
SLOW = {"DE222222222"}
COUNTER = itertools.count(1)


def now_iso():
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    slow_seconds = 3.5

    def log_message(self, fmt, *args):  # quiet: the tests read their own output
        pass

    def answer(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        try:
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (its timeout): nothing to say

    def do_GET(self):
        if self.path.rstrip("/").endswith("/check-status"):
            countries = [
                {"countryCode": c, "availability": "Available"}
                for c in ["AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "EL", "ES", "FI",
                          "FR", "HR", "HU", "IE", "IT", "LT", "LU", "LV", "MT", "NL", "PL",
                          "PT", "RO", "SE", "SI", "SK", "XI"]
            ]
            self.answer(200, {"vow": {"available": True}, "countries": countries})
        else:
            self.answer(404, {"actionSucceed": False, "errorWrappers": [{"error": "NOT_FOUND"}]})

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        try:
            req = json.loads(self.rfile.read(length) or b"{}")
        except ValueError:
            req = None
        if not self.path.rstrip("/").endswith("/check-vat-number") or not isinstance(req, dict):
            self.answer(400, {"actionSucceed": False, "errorWrappers": [{"error": "INVALID_INPUT"}]})
            return
        country = str(req.get("countryCode") or "").upper()
        number = str(req.get("vatNumber") or "").upper()
        full = country + number
        if not country or not number:
            self.answer(400, {"actionSucceed": False, "errorWrappers": [{"error": "INVALID_INPUT"}]})
            return
        if full in UNAVAILABLE:
            self.answer(200, {"actionSucceed": False, "errorWrappers": [
                {"error": "MS_UNAVAILABLE",
                 "message": "The application at the Member State is not replying or not available."}]})
            return
        if full in SLOW:
            time.sleep(self.slow_seconds)
        name, address = VALID.get(full, ("---", "---"))
        if full in SLOW:
            name, address = "Langsam GmbH", "Warteweg 1\n10115 Berlin"
        valid = full in VALID or full in SLOW
        body = {
            "countryCode": country,
            "vatNumber": number,
            "requestDate": now_iso(),
            "valid": valid,
            "name": name if valid else "---",
            "address": address if valid else "---",
            "traderName": "---",
            "traderStreet": "---",
            "traderPostalCode": "---",
            "traderCity": "---",
            "traderCompanyType": "---",
            "traderNameMatch": "NOT_PROCESSED",
            "traderStreetMatch": "NOT_PROCESSED",
            "traderPostalCodeMatch": "NOT_PROCESSED",
            "traderCityMatch": "NOT_PROCESSED",
            "traderCompanyTypeMatch": "NOT_PROCESSED",
        }
        if req.get("requesterMemberStateCode") and req.get("requesterNumber"):
            body["requestIdentifier"] = "WAPIAAAAZ%07d" % next(COUNTER)
        else:
            body["requestIdentifier"] = ""
        self.answer(200, body)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--slow-seconds", type=float, default=3.5)
    args = parser.parse_args()
    Handler.slow_seconds = args.slow_seconds
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    print(f"PORT {server.server_address[1]}", flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()

    done = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: done.set())

    def watch_stdin():
        # Stop when the test closes our standard input (or dies): no orphan server is left behind.
        sys.stdin.read()
        done.set()

    threading.Thread(target=watch_stdin, daemon=True).start()
    done.wait()
    server.shutdown()


if __name__ == "__main__":
    main()
