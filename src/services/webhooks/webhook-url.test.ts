// Webhook URL rules: https only, http only on loopback when the operator allows it, no credentials, no
// link-local/metadata addresses unless allowed, never the service itself; each refusal names `url`.
import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, type WebhookUrlPolicy } from './webhook-url.js';

const strict: WebhookUrlPolicy = { allowLoopback: false, allowLinkLocal: false, ownPort: 8080 };
const loopbackOk: WebhookUrlPolicy = { ...strict, allowLoopback: true };
// Names that resolve to fixed addresses, so the checks on resolved addresses run without outside DNS.
const names: Record<string, string[]> = {
  'hooks.example.com': ['93.184.216.34'],
  'metadata.internal': ['169.254.169.254'],
  'sneaky.example.com': ['93.184.216.34', 'fe80::1'],
  'me.example.com': ['127.0.0.1'],
};
const resolve = async (host: string) => {
  const found = names[host];
  if (!found) throw new Error('ENOTFOUND');
  return found;
};
const check = (url: string, policy = strict) => checkWebhookUrl(url, policy, resolve);

describe('webhook URL rules', () => {
  it('accepts an https URL on a public address', async () => {
    await expect(check(' https://hooks.example.com/screening ')).resolves.toBe(
      'https://hooks.example.com/screening',
    );
  });

  it('refuses http unless loopback is allowed, and then only on loopback addresses', async () => {
    await expect(check('http://hooks.example.com/x')).rejects.toThrow(/^url: must be an https/);
    await expect(check('http://127.0.0.1:9000/x')).rejects.toThrow(/^url: must be an https/);
    await expect(check('http://127.0.0.1:9000/x', loopbackOk)).resolves.toBe('http://127.0.0.1:9000/x');
    await expect(check('http://[::1]:9000/x', loopbackOk)).resolves.toBe('http://[::1]:9000/x');
    await expect(check('http://hooks.example.com/x', loopbackOk)).rejects.toThrow(
      /^url: http:\/\/ is allowed only for loopback/,
    );
  });

  it('refuses credentials in the URL and other schemes', async () => {
    await expect(check('https://user:pw@hooks.example.com/x')).rejects.toThrow(
      /^url: must not carry credentials/,
    );
    await expect(check('https://user@hooks.example.com/x')).rejects.toThrow(
      /^url: must not carry credentials/,
    );
    await expect(check('ftp://hooks.example.com/x')).rejects.toThrow(/^url: must be an https/);
    await expect(check('not a url')).rejects.toThrow(/^url: not an absolute URL/);
    await expect(check('https://unknown.invalid/x')).rejects.toThrow(
      /^url: host unknown.invalid does not resolve/,
    );
  });

  it('refuses link-local and metadata addresses, literal or resolved, unless the operator allows them', async () => {
    await expect(check('https://169.254.169.254/latest')).rejects.toThrow(/^url: resolves to a link-local/);
    await expect(check('https://metadata.internal/x')).rejects.toThrow(/^url: resolves to a link-local/);
    await expect(check('https://sneaky.example.com/x')).rejects.toThrow(/^url: resolves to a link-local/);
    await expect(check('https://[fe80::1]/x')).rejects.toThrow(/^url: resolves to a link-local/);
    await expect(check('https://[::ffff:169.254.169.254]/x')).rejects.toThrow(
      /^url: resolves to a link-local/,
    );
    await expect(check('https://metadata.internal/x', { ...strict, allowLinkLocal: true })).resolves.toBe(
      'https://metadata.internal/x',
    );
  });

  it('refuses loopback (this host) unless allowed, and the service itself always', async () => {
    await expect(check('https://me.example.com/x')).rejects.toThrow(/^url: resolves to a loopback address/);
    await expect(check('https://me.example.com/x', loopbackOk)).resolves.toBe('https://me.example.com/x');
    await expect(check('http://127.0.0.1:8080/api/v2/alerts', loopbackOk)).rejects.toThrow(
      /^url: points at this service itself/,
    );
    await expect(check('https://0.0.0.0/x', loopbackOk)).rejects.toThrow(/^url: resolves to an unspecified/);
  });
});
