# Schemathesis hooks of fuzz.int.test.ts's hostile-input run (issue #31.4). Every request of that run
# is rewritten, just before it is sent, into one of the inputs that once made the product answer 500:
#
# - a JSON body nested 5,000 or 10,000 levels deep (arrays or objects);
# - a JSON body whose free-text strings (or, without one, a key) end in half a surrogate pair (`\ud800`);
# - an impossible date in a date filter the operation documents (`starts_on_gteq|lteq`, `published_at_…`):
#   30 February, year 0, month 13, hour 25.
#
# An operation cycles through the variants that apply to it, one per request, so a few examples per
# operation reach every variant. The run's checks then demand a documented 4xx, never a 5xx.
import json
import os
import re
from collections import Counter

import schemathesis

DEPTHS = (5_000, 10_000)
LONE_SURROGATES = ("\ud800", "\udfff")
DATES = ("2026-02-30", "0000-01-01", "2026-13-01")
MOMENTS = ("0000-01-01T00:00:00Z", "2026-02-30T10:00:00Z", "2026-01-01T25:00:00Z")
# How our operations document their date filters: `published_at_gteq|lteq`, `starts_on_gteq`.
DATE_FILTER = re.compile(r"`([a-z_]+?_(?:on|at|date))_(gteq|lteq|eq)")

sent = Counter()
# One JSON line per rewritten request and its status, for the test to see that every variant was sent.
LOG = os.environ.get("HOSTILE_INPUT_LOG")
variant_of = {}


def date_filters(operation):
    text = " ".join(str(operation.definition.raw.get(key, "")) for key in ("summary", "description"))
    return [f"filter[{attribute}_{predicate}]" for attribute, predicate in DATE_FILTER.findall(text)]


# Strings a schema constrains (a resource type, ids, dates, addresses, links): left alone, so the body still
# passes validation and the surrogate reaches what stores or mails the text.
CONSTRAINED_KEYS = {"type", "id"}
CONSTRAINED_VALUE = re.compile(r"^(?:[0-9a-f-]{36}|\d{4}-\d{2}-\d{2}.*|[^@\s]+@[^@\s]+|https?://.*)$", re.I)


def with_lone_surrogate(body, surrogate):
    """The body with `surrogate` appended to every free-text string; a key of its own when it has none."""
    touched = False
    stack = [body]
    while stack:
        node = stack.pop()
        items = list(node.items()) if isinstance(node, dict) else list(enumerate(node)) if isinstance(node, list) else []
        for key, value in items:
            if isinstance(value, str):
                if key not in CONSTRAINED_KEYS and not CONSTRAINED_VALUE.match(value):
                    node[key] = value + surrogate
                    touched = True
            else:
                stack.append(value)
    if touched:
        return body
    if isinstance(body, dict):
        body[surrogate] = "x"
        return body
    if isinstance(body, str):
        return body + surrogate
    return {surrogate: body}


def as_json(body):
    """A copy of the generated body as JSON values (a negative case may be raw bytes)."""
    try:
        return json.loads(body) if isinstance(body, (bytes, bytearray, str)) else json.loads(json.dumps(body))
    except (TypeError, ValueError):
        return {}


@schemathesis.hook
def before_call(context, case, kwargs):
    label = f"{case.method} {case.path}"
    n = sent[label]
    sent[label] += 1
    json_body = case.media_type is not None and "json" in case.media_type and case.body is not None
    filters = date_filters(case.operation)
    variants = (["deep", "lone"] if json_body else []) + (["date"] if filters else [])
    if not variants:
        return
    variant = variants[n % len(variants)]
    variant_of[case.id] = variant
    round_ = n // len(variants)
    if variant == "deep":
        depth = DEPTHS[round_ % len(DEPTHS)]
        case.body = (b"[" * depth + b"]" * depth) if round_ % 2 == 0 else (b'{"a":' * depth + b"1" + b"}" * depth)
    elif variant == "lone":
        body = with_lone_surrogate(as_json(case.body), LONE_SURROGATES[round_ % 2])
        case.body = json.dumps(body).encode()  # ensure_ascii: sent as the escape `\ud800`
    else:
        key = filters[round_ % len(filters)]
        values = MOMENTS if key.startswith("filter[") and "_at_" in key else DATES
        case.query = {**(case.query or {}), key: values[round_ % len(values)]}


@schemathesis.hook
def after_call(context, case, response):
    variant = variant_of.pop(case.id, None)
    if variant and LOG:
        with open(LOG, "a") as log:
            line = {"variant": variant, "method": case.method, "path": case.path, "status": response.status_code}
            log.write(json.dumps(line) + "\n")
