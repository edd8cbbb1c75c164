import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ChangePasswordBodySchema, ErrorSchema } from '@storefront/contracts';
import type { FastifyRequest } from 'fastify';
import { isHashingBusy, type PasswordHashing } from '../../identity/hashQueue';
import { checkNewPassword } from './rules';
import { requireSignedIn } from '../../identity/sessions';
import type { User } from '../../identity/users';
import type { Database } from '../../db/database';
import type { ApiLimits } from '../../limits';
import { passwordChangedMail } from '../../mail/accountNoticeMail';
import type { Mailer } from '../../mail/mailer';
import { ApiFailure, apiError } from '../../schemas/errors';
import { countHit, giveBackHit, limitPerAddress, waitInWords } from '../../plugins/rateLimits';
import { MessageSchema, SignedOutOthersSchema } from '../../schemas/auth';
import { access } from '../../schemas/access';
import { errorResponses, NoQuerySchema } from '../../schemas/common';

export interface PasswordConfirmation {
  database: Database;
  passwordHashing: PasswordHashing;
  limits: Pick<ApiLimits, 'login'>;
}

export const WRONG_PASSWORD = 'That is not your current password.';

/**
 * The signed-in shopper's password, asked again before a step that cannot be undone or that
 * hands out their data; wrong is a 403 `wrong_password` (not a 401: the session is still good).
 *
 * Each session may check a password `checksPerSession.max` times in the window, right ones
 * included (429 with Retry-After past it), counted before the hash so checks in flight count: a
 * session left open on a shared computer, or stolen, cannot be used to guess the password fast.
 * The limit is the session's and not the account's, so nobody else can use it up for the owner,
 * and an owner who has used it up signs in again for a fresh session. These checks are not
 * sign-in failures: they do not make signing in ask for a code (modules/accounts/throttle.ts), which is about
 * people who are not signed in.
 */
export async function confirmPassword({ database, passwordHashing, limits }: PasswordConfirmation, request: FastifyRequest, user: User, password: string): Promise<void> {
  const { checksPerSession: limit } = limits.login;
  const key = `password-check:${request.signedIn?.tokenHash ?? user.id}`;
  const checks = await countHit(database, key, limit.windowSeconds * 1000);
  if (checks.current > limit.max) {
    const seconds = Math.max(1, Math.ceil(checks.ttl / 1000));
    throw new ApiFailure(
      429,
      apiError('too_many_attempts', `Too many password attempts. Try again in ${waitInWords(seconds)}, or sign out and in again.`),
      { 'Retry-After': String(seconds) },
    );
  }
  const stored = await database.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [user.id]);
  const hash = stored.rows[0]?.password_hash;
  let matches: boolean;
  try {
    matches = await (hash ? passwordHashing.verify(password, hash) : passwordHashing.verifyAgainstNothing(password));
  } catch (error) {
    // Refused by a full hashing queue before any hash: not a check, so it does not count.
    if (isHashingBusy(error)) await giveBackHit(database, key);
    throw error;
  }
  if (!matches) throw new ApiFailure(403, apiError('wrong_password', WRONG_PASSWORD));
}

export interface PasswordRoutesOptions extends PasswordConfirmation {
  storefrontUrl: string;
  mail: Mailer;
  limits: Pick<ApiLimits, 'login' | 'changePassword'>;
}

const responses = { ...errorResponses, 401: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema, 503: ErrorSchema };

/** What a signed-in shopper does about their own password and devices, from /account. */
export const passwordRoutes: FastifyPluginAsyncTypebox<PasswordRoutesOptions> = async (app, options) => {
  const { database, passwordHashing, storefrontUrl, mail } = options;

  app.post(
    '/auth/password',
    {
      schema: {
        operationId: 'changePassword',
        summary: 'Changes the signed-in account’s password, signing out its other sessions',
        description: 'The current password is asked for: 403 `wrong_password`, and 429 past a few tries in a session.',
        tags: ['account'],
        security: access.signedIn,
        querystring: NoQuerySchema,
        body: ChangePasswordBodySchema,
        response: { 200: MessageSchema, ...responses },
      },
      config: {
        rateLimit: limitPerAddress('change-password', options.limits.changePassword, (wait) =>
          apiError('too_many_requests', `Too many password changes from your connection. Try again in ${wait}.`),
        ),
      },
    },
    async (request, reply) => {
      const user = requireSignedIn(request, reply);
      if (!user) return reply;
      const { current_password, new_password } = request.body;
      // The new one is checked first: a weak choice costs no hash and no attempt.
      const weak = checkNewPassword(new_password, user);
      if (weak) return reply.code(400).send(weak);
      const session = request.signedIn?.tokenHash ?? '';
      await confirmPassword(options, request, user, current_password);
      const passwordHash = await passwordHashing.hash(new_password);
      await database.transaction(async (tx) => {
        await tx.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [user.id, passwordHash]);
        // Whoever knew the old password is signed out everywhere but here, and the account's
        // reset links die: one mailed before the change must not undo it.
        await tx.query('DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2', [user.id, session]);
        await tx.query('DELETE FROM password_reset_tokens WHERE user_id = $1', [user.id]);
        await mail.send(tx, {
          to: user.email,
          ...passwordChangedMail({ firstName: user.first_name, forgotPasswordUrl: new URL('/forgot-password', storefrontUrl).toString(), shop: mail.shop }),
        });
      });
      return { message: 'Your password has been changed. Every other device has been signed out.' };
    },
  );

  app.post(
    '/auth/sessions/sign-out-others',
    {
      schema: {
        operationId: 'signOutOtherSessions',
        summary: 'Ends every other session of the account, and its reset links',
        tags: ['account'],
        security: access.signedIn,
        querystring: NoQuerySchema,
        response: { 200: SignedOutOthersSchema, ...responses },
      },
    },
    async (request, reply) => {
      const user = requireSignedIn(request, reply);
      if (!user) return reply;
      const count = await database.transaction(async (tx) => {
        const ended = await tx.query('DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2 RETURNING 1', [
          user.id,
          request.signedIn?.tokenHash ?? '',
        ]);
        // A reset link is a way in as good as a session: whoever holds one mailed before this
        // (from the inbox on a device being signed out) could otherwise choose a new password.
        // One claimed by a reset still hashing dies too: the reset finds its row gone.
        await tx.query('DELETE FROM password_reset_tokens WHERE user_id = $1', [user.id]);
        return ended.rows.length;
      });
      const message =
        count === 0
          ? 'You were not signed in anywhere else.'
          : `Signed out of ${count} other ${count === 1 ? 'device' : 'devices'}. You stay signed in here.`;
      return { message, signed_out: count };
    },
  );
};
