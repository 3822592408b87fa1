"""A minimal Parlour agent: read each request (one JSON line), answer the first legal action.

Run it at a table with ``parlour play fearless --bots "cmd:python examples/agents/first_legal.py"``.
"""

import json
import sys

for line in sys.stdin:
    request = json.loads(line)
    print(json.dumps({"action": request["legal_actions"][0]}), flush=True)
