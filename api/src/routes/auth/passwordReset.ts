import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { checkNewPassword } from '../../auth/rules';
import { hashPassword } from '../../auth/passwords';
import { hashToken, newToken, TOKEN_PATTERN } from '../../auth/tokens';
import { findUserByEmail } from '../../auth/users';
import type { Database } from '../../db/database';
import type { Mailer } from '../../mail/mailer';
import { apiError } from '../../plugins/errors';
import { ForgotPasswordBodySchema, MessageSchema, ResetPasswordBodySchema } from '../../schemas/auth';
import { errorResponses, NoQuerySchema } from '../../schemas/common';

/** A reset link works once, for an hour. */
export const RESET_TOKEN_SECONDS = 60 * 60;

export const RESET_REQUESTED =
  'If an account exists for that email, we have sent it a link to choose a new password. The link works for an hour.';

const INVALID_TOKEN = apiError('invalid_token', 'This reset link is invalid, used or expired. Ask for a new one.');

export const passwordResetRoutes: FastifyPluginAsyncTypebox<{ database: Database; storefrontUrl: string; mail: Mailer }> = async (
  app,
  { database, storefrontUrl, mail },
) => {
  app.post(
    '/auth/forgot-password',
    { schema: { querystring: NoQuerySchema, body: ForgotPasswordBodySchema, response: { 202: MessageSchema, ...errorResponses } } },
    async (request, reply) => {
      const user = await findUserByEmail(database, request.body.email);
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
            subject: 'Reset your Jacaranda password',
            text:
              `Hi ${user.first_name},\n\nSomeone (we hope you) asked to reset the password of your Jacaranda account.\n` +
              `Choose a new password here within the hour:\n\n${link.toString()}\n\n` +
              `If it wasn't you, ignore this mail: your password stays as it is.\n`,
          });
        });
      }
      return reply.code(202).send({ message: RESET_REQUESTED });
    },
  );

  app.post(
    '/auth/reset-password',
    { schema: { querystring: NoQuerySchema, body: ResetPasswordBodySchema, response: { 200: MessageSchema, ...errorResponses } } },
    async (request, reply) => {
      const { token, password } = request.body;
      if (!TOKEN_PATTERN.test(token)) return reply.code(400).send(INVALID_TOKEN);
      const weak = checkNewPassword(password);
      if (weak) return reply.code(400).send(weak);
      const passwordHash = await hashPassword(password);
      const changed = await database.transaction(async (tx) => {
        // One statement claims the token, so two uses of one link cannot both succeed.
        const claimed = await tx.query<{ user_id: string }>(
          `UPDATE password_reset_tokens SET used_at = now()
           WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
           RETURNING user_id`,
          [hashToken(token)],
        );
        const userId = claimed.rows[0]?.user_id;
        if (!userId) return false;
        await tx.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [userId, passwordHash]);
        // Whoever knew the old password is signed out everywhere, and older links die too.
        await tx.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
        await tx.query('DELETE FROM password_reset_tokens WHERE user_id = $1 AND used_at IS NULL', [userId]);
        return true;
      });
      if (!changed) return reply.code(400).send(INVALID_TOKEN);
      return { message: 'Your password has been changed. Sign in with the new one.' };
    },
  );
};
