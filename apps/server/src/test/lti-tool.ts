/**
 * A small but real LTI 1.3 tool for the tests (API and browser): its own RS256 key and key set,
 * Dynamic Registration, the OIDC third-party login, id_token checks against the platform's key set,
 * Deep Linking (it offers one resource with a 10-point line item), and, on a launch, the services:
 * a client-credentials token, the course's members (NRPS) and a score (AGS) when the launch's custom
 * `score` parameter names one. It calls the platform through `platformFetch` (an inject-backed fetch
 * in the API tests, the network in the browser tests).
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import type { CryptoKey, JWK, JWTPayload } from 'jose';

const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
const AGS = 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint';
const NRPS = 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice';
export const TOOL_SCOPES = [
  'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
  'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
];

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

export interface ToolLaunch {
  claims: JWTPayload & Record<string, unknown>;
  members?: Array<{ user_id: string; name: string; roles: string[] }>;
  scoreStatus?: number;
}

export interface LtiTestTool {
  url: string;
  jwksUrl: string;
  loginUrl: string;
  launchUrl: string;
  deepLinkUrl: string;
  redirectUri: string;
  registrationUrl: string;
  publicJwk: JWK;
  /** Filled in by dynamic registration, or set by the test after a manual one. */
  registration: {
    clientId: string;
    deploymentId: string;
    issuer: string;
    tokenUrl: string;
    jwksUrl: string;
    authUrl: string;
  } | null;
  launches: ToolLaunch[];
  /** Signs a JWT with the tool's key (for client assertions and deep-linking responses). */
  sign(
    payload: Record<string, unknown>,
    options?: { audience?: string; expiresIn?: string },
  ): Promise<string>;
  clientAssertion(overrides?: { jti?: string; audience?: string }): Promise<string>;
  accessToken(scopes?: string[]): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function page(response: ServerResponse, status: number, title: string, body: string) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
  );
}

export async function startLtiTool(
  options: {
    platformFetch?: Fetch;
    name?: string;
    /** Serve the tool on https with this key and certificate (a tool a page may frame). */
    tls?: { key: string; cert: string };
  } = {},
): Promise<LtiTestTool> {
  const platformFetch: Fetch = options.platformFetch ?? ((url, init) => fetch(url, init));
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const states = new Map<string, string>();
  const server = options.tls ? createTlsServer(options.tls) : createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `${options.tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const tool: LtiTestTool = {
    url: base,
    jwksUrl: `${base}/jwks`,
    loginUrl: `${base}/login`,
    launchUrl: `${base}/launch`,
    deepLinkUrl: `${base}/deep-link`,
    redirectUri: `${base}/launch`,
    registrationUrl: `${base}/register`,
    publicJwk,
    registration: null,
    launches: [],
    async sign(payload, signOptions = {}) {
      const jwt = new SignJWT(payload)
        .setProtectedHeader({ alg: 'RS256', kid })
        .setIssuedAt()
        .setExpirationTime(signOptions.expiresIn ?? '5m');
      if (signOptions.audience) jwt.setAudience(signOptions.audience);
      return jwt.sign(privateKey as CryptoKey);
    },
    async clientAssertion(overrides = {}) {
      const registration = tool.registration!;
      return new SignJWT({})
        .setProtectedHeader({ alg: 'RS256', kid })
        .setIssuer(registration.clientId)
        .setSubject(registration.clientId)
        .setAudience(overrides.audience ?? registration.tokenUrl)
        .setJti(overrides.jti ?? randomUUID())
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey as CryptoKey);
    },
    async accessToken(scopes = TOOL_SCOPES) {
      const response = await platformFetch(tool.registration!.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: await tool.clientAssertion(),
          scope: scopes.join(' '),
        }).toString(),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  async function verifyIdToken(idToken: string) {
    const registration = tool.registration!;
    const set = (await (await platformFetch(registration.jwksUrl)).json()) as { keys: JWK[] };
    const { payload } = await jwtVerify(idToken, createLocalJWKSet(set), {
      issuer: registration.issuer,
      audience: registration.clientId,
    });
    return payload as JWTPayload & Record<string, unknown>;
  }

  async function useServices(claims: ToolLaunch['claims'], launch: ToolLaunch) {
    const ags = claims[AGS] as { lineitem?: string } | undefined;
    const nrps = claims[NRPS] as { context_memberships_url?: string } | undefined;
    const custom = (claims[`${LTI}custom`] ?? {}) as Record<string, string>;
    if (!ags && !nrps) return;
    const token = await tool.accessToken();
    const bearer = { authorization: `Bearer ${String(token.body['access_token'])}` };
    if (nrps?.context_memberships_url) {
      const response = await platformFetch(nrps.context_memberships_url, { headers: bearer });
      launch.members = ((await response.json()) as { members: ToolLaunch['members'] }).members;
    }
    if (ags?.lineitem && custom['score']) {
      const response = await platformFetch(`${ags.lineitem}/scores`, {
        method: 'POST',
        headers: { ...bearer, 'content-type': 'application/vnd.ims.lis.v1.score+json' },
        body: JSON.stringify({
          userId: claims.sub,
          scoreGiven: Number(custom['score']),
          scoreMaximum: 10,
          activityProgress: 'Completed',
          gradingProgress: 'FullyGraded',
          timestamp: new Date().toISOString(),
        }),
      });
      launch.scoreStatus = response.status;
    }
  }

  server.on('request', (request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', base);
      const body = request.method === 'POST' ? await readBody(request) : '';
      const form = new URLSearchParams(body);
      const field = (name: string) => form.get(name) ?? url.searchParams.get(name) ?? '';
      try {
        if (url.pathname === '/jwks') {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ keys: [publicJwk] }));
        } else if (url.pathname === '/register') {
          const configuration = (await (await platformFetch(field('openid_configuration'))).json()) as Record<
            string,
            string
          >;
          const answer = await platformFetch(configuration['registration_endpoint']!, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${field('registration_token')}`,
            },
            body: JSON.stringify({
              application_type: 'web',
              response_types: ['id_token'],
              grant_types: ['implicit', 'client_credentials'],
              initiate_login_uri: tool.loginUrl,
              redirect_uris: [tool.redirectUri],
              client_name: options.name ?? 'Practice Lab',
              jwks_uri: tool.jwksUrl,
              token_endpoint_auth_method: 'private_key_jwt',
              contacts: ['lab@example.com'],
              scope: TOOL_SCOPES.join(' '),
              'https://purl.imsglobal.org/spec/lti-tool-configuration': {
                domain: new URL(base).host,
                target_link_uri: tool.launchUrl,
                custom_parameters: { lab: 'yes' },
                claims: ['iss', 'sub', 'name'],
                messages: [{ type: 'LtiDeepLinkingRequest', target_link_uri: tool.deepLinkUrl }],
              },
            }),
          });
          const registered = (await answer.json()) as Record<string, unknown>;
          if (answer.status !== 200) {
            page(response, 400, 'Registration failed', `<p>${escapeHtml(JSON.stringify(registered))}</p>`);
            return;
          }
          const config = registered['https://purl.imsglobal.org/spec/lti-tool-configuration'] as Record<
            string,
            string
          >;
          tool.registration = {
            clientId: String(registered['client_id']),
            deploymentId: config['deployment_id'] ?? '',
            issuer: configuration['issuer']!,
            tokenUrl: configuration['token_endpoint']!,
            jwksUrl: configuration['jwks_uri']!,
            authUrl: configuration['authorization_endpoint']!,
          };
          response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          response.end(
            `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Registered</title></head><body><main><h1>Registered</h1><p>Practice Lab is registered.</p></main><script>(window.opener || window.parent).postMessage({subject:'org.imsglobal.lti.close'}, '*')</script></body></html>`,
          );
        } else if (url.pathname === '/login') {
          const registration = tool.registration;
          if (
            !registration ||
            field('iss') !== registration.issuer ||
            field('client_id') !== registration.clientId
          ) {
            page(response, 400, 'Unknown platform', '');
            return;
          }
          const state = randomUUID();
          const nonce = randomUUID();
          states.set(state, nonce);
          const auth = new URL(registration.authUrl);
          auth.search = new URLSearchParams({
            scope: 'openid',
            response_type: 'id_token',
            response_mode: 'form_post',
            prompt: 'none',
            client_id: registration.clientId,
            redirect_uri: tool.redirectUri,
            login_hint: field('login_hint'),
            lti_message_hint: field('lti_message_hint'),
            state,
            nonce,
          }).toString();
          response.writeHead(302, { location: auth.toString() });
          response.end();
        } else if (url.pathname === '/launch' || url.pathname === '/deep-link') {
          const claims = await verifyIdToken(field('id_token'));
          const nonce = states.get(field('state'));
          states.delete(field('state'));
          if (!nonce || claims['nonce'] !== nonce) {
            page(response, 400, 'Launch refused', '<p>Unknown state or nonce.</p>');
            return;
          }
          const launch: ToolLaunch = { claims };
          tool.launches.push(launch);
          if (claims[`${LTI}message_type`] === 'LtiDeepLinkingRequest') {
            const settings = claims[`${DL}deep_linking_settings`] as {
              deep_link_return_url: string;
              data?: string;
            };
            const jwt = await tool.sign(
              {
                iss: tool.registration!.clientId,
                nonce: randomUUID(),
                [`${LTI}message_type`]: 'LtiDeepLinkingResponse',
                [`${LTI}version`]: '1.3.0',
                [`${LTI}deployment_id`]: claims[`${LTI}deployment_id`],
                [`${DL}data`]: settings.data,
                [`${DL}content_items`]: [
                  {
                    type: 'ltiResourceLink',
                    title: 'Fire safety lab',
                    url: `${base}/launch`,
                    custom: { score: '8' },
                    lineItem: { scoreMaximum: 10, label: 'Fire safety lab', tag: 'lab' },
                  },
                ],
              },
              { audience: tool.registration!.issuer },
            );
            response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
            response.end(
              `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pick content</title></head><body><main><h1>Practice Lab</h1><form method="post" action="${escapeHtml(settings.deep_link_return_url)}"><input type="hidden" name="JWT" value="${escapeHtml(jwt)}"><button type="submit">Add Fire safety lab</button></form></main></body></html>`,
            );
            return;
          }
          await useServices(claims, launch);
          const link = claims[`${LTI}resource_link`] as { title?: string } | undefined;
          page(
            response,
            200,
            `Practice Lab: ${link?.title ?? ''}`,
            `<p>Hello ${escapeHtml(String(claims['name'] ?? ''))}.</p>` +
              (launch.members ? `<p>Members: ${launch.members.length}</p>` : '') +
              (launch.scoreStatus ? `<p>Score sent (${launch.scoreStatus}).</p>` : ''),
          );
        } else {
          page(response, 404, 'Not found', '');
        }
      } catch (error) {
        page(response, 400, 'Tool error', `<p>${escapeHtml(String(error))}</p>`);
      }
    })();
  });
  return tool;
}
