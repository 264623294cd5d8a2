// v2 wallet screening, single (key only) and bulk (key or bearer).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { WalletService } from '../../services/wallets/wallet-service.js';
import { constant, type RouteAccess } from '../route-access.js';
import { v2Errors } from '../schemas/common.js';
import {
  BulkWalletSearchBody,
  BulkWalletSearchResponse,
  WalletSearchBody,
  WalletSearchResponse,
} from '../schemas/wallets.js';

const single: RouteAccess = {
  auth: 'key',
  metered: true,
  rateLimit: 'principal',
  searchType: constant('wallet'),
};
const bulk: RouteAccess = {
  auth: 'key_or_bearer',
  metered: true,
  rateLimit: 'principal',
  searchType: constant('wallet'),
};

/** What the wallet routes need. */
export interface WalletRouteDeps {
  readonly wallets: WalletService;
}

export const walletRoutes =
  (deps: WalletRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/api/v2/wallet-search',
      {
        config: { access: single },
        schema: {
          summary: 'Screen one wallet address (exact lookup)',
          operationId: 'searchWallet',
          description:
            'Looks the address up first: a listed address is reported listed, even when its checksum fails ' +
            '(an EVM address with a case slip still matches). An unlisted address that cannot be an address on ' +
            'any supported chain, or whose checksum fails, is a 400 naming the problem; an address of a format ' +
            'not validated is looked up exactly and may be clear.',
          tags: ['wallet screening'],
          body: WalletSearchBody,
          response: { 200: WalletSearchResponse, ...v2Errors() },
        },
      },
      async (req) => ({
        'wallet screening result': deps.wallets.screen(req.body.address, req.usage ?? undefined),
        api_usage_id: req.usage!.id,
      }),
    );

    app.post(
      '/api/v2/bulk-wallet-search',
      {
        config: { access: bulk },
        schema: {
          summary: 'Screen many wallet addresses (separated by commas or newlines)',
          operationId: 'bulkSearchWallets',
          description:
            'One result per distinct address, in submitted order. A bad address does not fail the batch: when ' +
            'unlisted and not a valid address, its result has `listed` false and `info` "invalid address: ' +
            '<problem>", and it is counted in `summary.invalid`, never in `summary.clear`.',
          tags: ['wallet screening'],
          body: BulkWalletSearchBody,
          response: { 200: BulkWalletSearchResponse, ...v2Errors() },
        },
      },
      async (req) => ({
        ...deps.wallets.screenMany(req.body.addresses, req.usage ?? undefined),
        api_usage_id: req.usage!.id,
      }),
    );
  };
