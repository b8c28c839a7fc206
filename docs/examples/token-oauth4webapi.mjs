// A token from a stock OAuth client, oauth4webapi (npm install oauth4webapi), which finds the token
// endpoint through the service's OAuth discovery; then a call with the token. Run with BIS_URL,
// CLIENT_ID and CLIENT_SECRET set as at the start of the guide: node token-oauth4webapi.mjs
import * as oauth from 'oauth4webapi';

const issuer = new URL(process.env.BIS_URL);
const client = { client_id: process.env.CLIENT_ID };
const clientAuth = oauth.ClientSecretBasic(process.env.CLIENT_SECRET);
// oauth4webapi refuses http:// unless told: a sandbox on your own machine only, never production.
const options = issuer.protocol === 'http:' ? { [oauth.allowInsecureRequests]: true } : {};

const as = await oauth
  .discoveryRequest(issuer, { ...options, algorithm: 'oauth2' })
  .then((response) => oauth.processDiscoveryResponse(issuer, response));
const response = await oauth.clientCredentialsGrantRequest(as, client, clientAuth, {}, options);
const { access_token } = await oauth.processClientCredentialsResponse(as, client, response);

const validated = await fetch(`${process.env.BIS_URL}/bank/v1/validate`, {
  method: 'POST',
  headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
  body: JSON.stringify({ customerRef: '1234567' }),
});
console.log(validated.status, await validated.text());
