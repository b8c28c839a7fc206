# A token from a stock OAuth client, Authlib (pip install authlib requests; on Debian or Ubuntu,
# apt-get install python3-authlib python3-requests); then a call with the token. Run with BIS_URL,
# CLIENT_ID and CLIENT_SECRET set as at the start of the guide: python3 token_authlib.py
import os

from authlib.integrations.requests_client import OAuth2Session


def refusal_without_body(response):
    """413 and 429 come with no body: raise requests' HTTPError, whose response carries
    Retry-After, where Authlib would fail to read the missing body as JSON."""
    if response.status_code in (413, 429):
        response.raise_for_status()
    return response


def token_session(base_url, client_id, client_secret):
    """A requests session that sends the token it fetched with each call."""
    session = OAuth2Session(client_id, client_secret, token_endpoint_auth_method="client_secret_basic")
    session.register_compliance_hook("access_token_response", refusal_without_body)
    session.fetch_token(f"{base_url}/oauth/v1/token", grant_type="client_credentials")
    return session


if __name__ == "__main__":
    base_url = os.environ["BIS_URL"]
    session = token_session(base_url, os.environ["CLIENT_ID"], os.environ["CLIENT_SECRET"])
    validated = session.post(f"{base_url}/bank/v1/validate", json={"customerRef": "1234567"})
    print(validated.status_code, validated.text)
