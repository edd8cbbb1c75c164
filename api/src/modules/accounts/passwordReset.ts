import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorSchema, ForgotPasswordBodySchema, ResetPasswordBodySchema } from '@storefront/contracts';
import type { PasswordOwner } from './passwordStrength';
import { checkNewPassword } from './rules';
import type { PasswordHashing } from '../../identity/hashQueue';
import { hashToken, newToken, TOKEN_PATTERN } from '../../identity/tokens';
import { emailKey, findUserByEmail } from '../../identity/users';
import type { Database } from '../../db/database';
import type { ApiLimits } from '../../limits';
import type { Mailer } from '../../mail/mailer';
import { passwordResetMail } from '../../mail/passwordResetMail';
import { apiError } from '../../schemas/errors';
import { countHit, limitPerAddress } from '../../plugins/rateLimits';
import { MessageSchema } from '../../schemas/auth';
import { access } from '../../schemas/access';
import { NoQuerySchema, writeErrorResponses } from '../../schemas/common';

/** A reset link works once, for an hour. */
export const RESET_TOKEN_SECONDS = 60 * 60;

export const RESET_REQUESTED =
  'If an account exists for that email, we have sent it a link to choose a new password. The link works for an hour.';

const INVALID_TOKEN = apiError('invalid_token', 'This reset link is invalid, used or expired. Ask for a new one.');

const limitedErrors = { ...writeErrorResponses, 429: ErrorSchema, 503: ErrorSchema };

export interface PasswordResetRoutesOptions {
  database: Database;
  storefrontUrl: string;
  mail: Mailer;
  passwordHashing: PasswordHashing;
  limits: ApiLimits;
}

export const passwordResetRoutes: FastifyPluginAsyncTypebox<PasswordResetRoutesOptions> = async (
  app,
  { database, storefrontUrl, mail, passwordHashing, limits },
) => {
  app.post(
    '/auth/forgot-password',
    {
      schema: {
        operationId: 'requestPasswordReset',
        summary: 'Mails a link to choose a new password, if the email has an account',
        description: 'The same 202 whether or not the account exists. The link works once, for an hour.',
        tags: ['account'],
        security: access.anyone,
        querystring: NoQuerySchema,
        body: ForgotPasswordBodySchema,
        response: { 202: MessageSchema, ...limitedErrors },
      },
      config: {
        rateLimit: limitPerAddress('forgot-password', limits.forgotPasswordPerAddress, (wait) =>
          apiError('too_many_requests', `Too many reset requests from your connection. Try again in ${wait}.`),
        ),
      },
    },
    async (request, reply) => {
      // At most a few mails per inbox an hour, whoever asks and from wherever: past it the answer
      // is the same 202, so it tells nothing, but nothing is sent. Unknown emails count too.
      const { forgotPasswordPerEmail: perEmail } = limits;
      const asked = await countHit(database, `forgot-password-email:${emailKey(request.body.email)}`, perEmail.windowSeconds * 1000);
      const user = asked.current <= perEmail.max ? await findUserByEmail(database, request.body.email) : null;
      // The same answer whether or not the account exists: no way to test which emails are customers.
      if (user) {
        const token = newToken();
        const link = new URL('/reset-password', storefrontUrl);
        link.searchParams.set('token', token);
        await database.transaction(async (tx) => {
          await tx.query(
            `INSERT INTO password_reset_tokens (token_hash, user_id, expires_at)
             VALUES ($1, $2, now() + make_interval(secs => $3))`,
            [hashToken(token), user.id, RESET_TOKEN_SECONDS],
          );
          await mail.send(tx, {
            to: user.email,
            ...passwordResetMail({ firstName: user.first_name, link: link.toString(), validForMinutes: RESET_TOKEN_SECONDS / 60, shop: mail.shop }),
          });
        });
      }
      return reply.code(202).send({ message: RESET_REQUESTED });
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        operationId: 'resetPassword',
        summary: 'Chooses a new password with a mailed link’s token, and signs the account out everywhere',
        tags: ['account'],
        security: access.anyone,
        querystring: NoQuerySchema,
        body: ResetPasswordBodySchema,
        response: { 200: MessageSchema, ...limitedErrors },
      },
      config: {
        rateLimit: limitPerAddress('reset-password', limits.resetPassword, (wait) =>
          apiError('too_many_requests', `Too many password resets from your connection. Try again in ${wait}.`),
        ),
      },
    },
    async (request, reply) => {
      const { token, password } = request.body;
      if (!TOKEN_PATTERN.test(token)) return reply.code(400).send(INVALID_TOKEN);
      const tokenHash = hashToken(token);
      // The password is judged against the account's own names and email, so the link's account
      // is read first; a weak choice leaves the link unused, for the shopper's next try.
      const found = await database.query<PasswordOwner>(
        `SELECT u.first_name, u.last_name, u.email FROM password_reset_tokens t JOIN users u ON u.id = t.user_id
         WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > now()`,
        [tokenHash],
      );
      const owner = found.rows[0];
      if (!owner) return reply.code(400).send(INVALID_TOKEN);
      const weak = checkNewPassword(password, owner);
      if (weak) return reply.code(400).send(weak);
      // The token is claimed in one statement (two uses of one link cannot both succeed),
      // and only a real one costs a password hash: made-up tokens are answered at once. The
      // claim is committed before the hash, so no connection is held while scrypt runs.
      const claimed = await database.query<{ user_id: string }>(
        `UPDATE password_reset_tokens SET used_at = now()
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
         RETURNING user_id`,
        [tokenHash],
      );
      const claim = claimed.rows[0];
      if (!claim) return reply.code(400).send(INVALID_TOKEN);
      let passwordHash: string;
      try {
        passwordHash = await passwordHashing.hash(password);
      } catch (error) {
        // Busy (503) or failed: the link is given back, so the shopper can try it again (its
        // expiry still holds). Nobody else can have claimed it meanwhile; if another of the
        // account's links has changed the password since, this one is gone and stays gone.
        await database.query('UPDATE password_reset_tokens SET used_at = NULL WHERE token_hash = $1', [tokenHash]);
        throw error;
      }
      const changed = await database.transaction(async (tx) => {
        // Still ours? Another of the account's links may have changed the password meanwhile.
        const held = await tx.query('SELECT 1 FROM password_reset_tokens WHERE token_hash = $1 FOR UPDATE', [tokenHash]);
        if (held.rows.length === 0) return false;
        await tx.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [claim.user_id, passwordHash]);
        // Whoever knew the old password is signed out everywhere, and the account's other links
        // die too, even one claimed by a reset still hashing.
        await tx.query('DELETE FROM sessions WHERE user_id = $1', [claim.user_id]);
        await tx.query('DELETE FROM password_reset_tokens WHERE user_id = $1 AND token_hash <> $2', [claim.user_id, tokenHash]);
        return true;
      });
      if (!changed) return reply.code(400).send(INVALID_TOKEN);
      return { message: 'Your password has been changed. Sign in with the new one.' };
    },
  );
};
