"""What Authlib, as it comes and with the guide's hook (docs/examples/token_authlib.py), makes of the
token endpoint's refusals. Arguments: the service's address, a client ID, its secret, and the
client's token rate limit. Prints one JSON object: for each refusal, what was raised."""
import importlib.util
import json
import pathlib
import sys

from authlib.integrations.requests_client import OAuth2Session

EXAMPLE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "examples" / "token_authlib.py"
spec = importlib.util.spec_from_file_location("token_authlib", EXAMPLE)
guide = importlib.util.module_from_spec(spec)
spec.loader.exec_module(guide)

base_url, client_id, client_secret, limit = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
token_url = f"{base_url}/oauth/v1/token"


def raised(session, **params):
    """What fetch_token raised: its class, its message, and the answer's status and Retry-After."""
    try:
        session.fetch_token(token_url, grant_type="client_credentials", **params)
    except Exception as error:
        response = getattr(error, "response", None)
        return {
            "raised": f"{type(error).__module__}.{type(error).__qualname__}",
            "message": str(error),
            "isValueError": isinstance(error, ValueError),
            "status": None if response is None else response.status_code,
            "retryAfter": None if response is None else response.headers.get("Retry-After"),
            "error": getattr(error, "error", None),
        }
    return {"raised": None}


def session(secret=client_secret, hook=False):
    made = OAuth2Session(client_id, secret, token_endpoint_auth_method="client_secret_basic")
    if hook:
        made.register_compliance_hook("access_token_response", guide.refusal_without_body)
    return made


# More than the 4096 bytes the token endpoint reads; an ignored parameter makes it so.
too_large = {"padding": "x" * 5000}
seen = {
    "tooLarge": {"asItComes": raised(session(), **too_large), "withHook": raised(session(hook=True), **too_large)},
    "invalidClient": raised(session(secret="not-the-secret")),
}
# The wrong secret above counted against the limit too: the rest of it, then one more of each.
for _ in range(limit - 1):
    session().fetch_token(token_url, grant_type="client_credentials")
seen["rateLimited"] = {"asItComes": raised(session()), "withHook": raised(session(hook=True))}
print(json.dumps(seen))
