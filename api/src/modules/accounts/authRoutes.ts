import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorSchema, LoginBodySchema, RegisterBodySchema, SessionAnswerSchema, UpdateMeBodySchema, UserAnswerSchema } from '@storefront/contracts';
import { isEmailAddress } from '@storefront/shared/domain';
import { Type } from 'typebox';
import { mergeShopperInto } from './mergeShopper';
import { checkNewPassword, checkPhone } from './rules';
import type { PasswordHashing } from '../../identity/hashQueue';
import { clearSessionCookie, createSession, endSession, requireSignedIn, setSessionCookie } from '../../identity/sessions';
import { mailSignInCode, spendSignInCode } from './signInCodes';
import { checkPasswordAttempt, releaseLoginAttempt } from './throttle';
import { emailKey, findUserByEmail, toUser, USER_COLUMNS, type UserRow } from '../../identity/users';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import type { ApiLimits } from '../../limits';
import type { Mailer } from '../../mail/mailer';
import { welcomeMail } from '../../mail/welcomeMail';
import { clientAddressKey } from '../../net/clientAddress';
import { apiError } from '../../schemas/errors';
import { limitPerAddress } from '../../plugins/rateLimits';
import { newShopperId, setShopperCookie } from '../../plugins/shopper';
import { access } from '../../schemas/access';
import { errorResponses, NoQuerySchema, writeErrorResponses } from '../../schemas/common';
import { passwordRoutes } from './password';
import { passwordResetRoutes } from './passwordReset';

export interface AuthRoutesOptions {
  database: Database;
  /** Where the storefront is, for links in mail (never taken from the request's Host header). */
  storefrontUrl: string;
  mail: Mailer;
  /** The bounded queue every password hash goes through (503 busy when full). */
  passwordHashing: PasswordHashing;
  limits: ApiLimits;
}

const authErrors = { ...errorResponses, 401: ErrorSchema, 429: ErrorSchema, 503: ErrorSchema };
const authWriteErrors = { ...writeErrorResponses, 401: ErrorSchema, 429: ErrorSchema, 503: ErrorSchema };

export const WRONG_CREDENTIALS = 'Wrong email or password.';

/**
 * While an account is being guessed, the answer to its email and a password without a code, the
 * right password and a wrong one alike (modules/accounts/throttle.ts): it must not say which.
 */
export const CODE_REQUIRED = apiError(
  'code_required',
  "For your safety we need one more step: if the password is right, we've emailed a 6-digit code to this account's email address. " +
    'No mail within a few minutes? Check your spam folder, or ask for a new code.',
);

/** The same for a wrong password as for a wrong, used or expired code. */
export const CODE_REFUSED = apiError(
  'code_refused',
  'That did not work: the password or the code is not right, or the code has expired. Check both, or ask for a new code.',
);

export const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (app, { database, storefrontUrl, mail, passwordHashing, limits }) => {
  const codeMailing = { database, mail, limits: limits.login.codes, storefrontUrl };
  app.post(
    '/auth/register',
    {
      schema: {
        operationId: 'register',
        summary: 'Opens an account and signs it in',
        description: 'Sets the session cookie; the cart and wishlist of the shopper cookie become the account’s. 409 `email_taken`.',
        tags: ['account'],
        security: access.anyone,
        querystring: NoQuerySchema,
        body: RegisterBodySchema,
        response: { 201: UserAnswerSchema, ...authWriteErrors },
      },
      // Every request counts, refused ones too: a carrier's address is shared by many shoppers,
      // so the number is generous, and throwaway accounts still cost their maker time.
      config: {
        rateLimit: limitPerAddress('register', limits.register, (wait) =>
          apiError('too_many_registrations', `Too many accounts have been created from your connection. Try again in ${wait}.`),
        ),
      },
    },
    async (request, reply) => {
      const { first_name, last_name, email, password, remember = false } = request.body;
      if (!isEmailAddress(email)) return reply.code(400).send(apiError('invalid_email', 'Enter a valid email address.'));
      const weak = checkNewPassword(password, { first_name, last_name, email });
      if (weak) return reply.code(400).send(weak);
      const phone = checkPhone(request.body.phone);
      if (phone.error) return reply.code(400).send(phone.error);
      const taken = apiError('email_taken', 'An account with this email already exists. Sign in instead, or reset the password.');
      if (await findUserByEmail(database, email)) return reply.code(409).send(taken);

      const passwordHash = await passwordHashing.hash(password);
      const userId = randomUUID();
      const shopperId = newShopperId();
      try {
        const { token, row } = await database.transaction(async (tx) => {
          await tx.query('INSERT INTO shoppers (id) VALUES ($1)', [shopperId]);
          const inserted = await tx.query<UserRow>(
            `INSERT INTO users (id, email, email_key, password_hash, first_name, last_name, phone, shopper_id)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
             RETURNING id, email, first_name, last_name, phone, created_at, shopper_id, password_hash`,
            [userId, email.trim(), emailKey(email), passwordHash, first_name.trim(), last_name.trim(), phone.phone, shopperId],
          );
          await mergeShopperInto(tx, request.anonymousShopperId, shopperId, limits.cartLines);
          // Delivered once the account is committed: a registration that fails sends no welcome.
          await mail.send(tx, { to: email.trim(), ...welcomeMail({ firstName: first_name.trim(), storefrontUrl, shop: mail.shop }) });
          return { token: await createSession(tx, userId, remember), row: inserted.rows[0] as UserRow };
        });
        setSessionCookie(reply, token, remember);
        return reply.code(201).send({ user: toUser(row) });
      } catch (error) {
        // Two registrations of one email at once: the second meets the unique index.
        if (isUniqueViolation(error)) return reply.code(409).send(taken);
        throw error;
      }
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        operationId: 'signIn',
        summary: 'Signs in with email and password (and the mailed code while the account is being guessed)',
        description: 'Sets a new session cookie. A wrong email and a wrong password are the same 401 `invalid_credentials`; 401 `code_required` or `code_refused` while a code is asked for.',
        tags: ['account'],
        security: access.anyone,
        querystring: NoQuerySchema,
        body: LoginBodySchema,
        response: { 200: UserAnswerSchema, ...authWriteErrors },
      },
    },
    async (request, reply) => {
      const { email, password, remember = false, code } = request.body;
      const row = await findUserByEmail(database, email);
      // The attempt is counted before its hash (modules/accounts/throttle.ts): attempts in flight count.
      const attempt = await checkPasswordAttempt(database, limits.login, emailKey(email), clientAddressKey(request.ip), () =>
        row ? passwordHashing.verify(password, row.password_hash) : passwordHashing.verifyAgainstNothing(password),
      );
      const passwordRight = row !== null && attempt.matches;
      if (attempt.codeRequired) {
        // The account is being guessed: the answer is the same whether or not the password was
        // right, and the attempt stays counted unless it signs in. Only the owner's mailbox hears
        // of a right password, and only a right password lets a code be tried.
        if (code === undefined) {
          if (passwordRight) await mailSignInCode(codeMailing, row);
          return reply.code(401).send(CODE_REQUIRED);
        }
        if (!passwordRight || !(await spendSignInCode(database, limits.login.codes, row.id, code))) {
          return reply.code(401).send(CODE_REFUSED);
        }
        await releaseLoginAttempt(database, attempt.attemptId);
      }
      if (!passwordRight) return reply.code(401).send(apiError('invalid_credentials', WRONG_CREDENTIALS));
      const previous = request.signedIn;
      const token = await database.transaction(async (tx) => {
        if (previous) await endSession(tx, previous.tokenHash);
        await mergeShopperInto(tx, request.anonymousShopperId, row.shopper_id, limits.cartLines);
        return createSession(tx, row.id, remember);
      });
      setSessionCookie(reply, token, remember);
      return { user: toUser(row) };
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        operationId: 'signOut',
        summary: 'Ends the session, and gives the browser a new anonymous shopper',
        tags: ['account'],
        security: access.maybeSignedIn,
        querystring: NoQuerySchema,
        response: { 204: Type.Null(), ...authWriteErrors },
      },
    },
    async (request, reply) => {
      if (request.signedIn) await endSession(database, request.signedIn.tokenHash);
      clearSessionCookie(reply);
      // A fresh anonymous shopper: nothing of the account's stays reachable from this browser.
      setShopperCookie(reply, newShopperId());
      return reply.code(204).send(null);
    },
  );

  // Who is signed in, for the storefront's header on every page: a guest is an answer (user: null),
  // not a 401, so a guest's page logs no failed request.
  app.get(
    '/auth/session',
    {
      schema: {
        operationId: 'getSession',
        summary: 'Who is signed in: the account, or null for a guest (never a 401)',
        tags: ['account'],
        security: access.maybeSignedIn,
        querystring: NoQuerySchema,
        response: { 200: SessionAnswerSchema, ...authErrors },
      },
    },
    async (request) => ({ user: request.signedIn?.user ?? null }),
  );

  app.get(
    '/auth/me',
    {
      schema: {
        operationId: 'getMe',
        summary: 'The signed-in account',
        tags: ['account'],
        security: access.signedIn,
        querystring: NoQuerySchema,
        response: { 200: UserAnswerSchema, ...authErrors },
      },
    },
    async (request, reply) => {
      const user = requireSignedIn(request, reply);
      return user ? { user } : reply;
    },
  );

  app.patch(
    '/auth/me',
    {
      schema: {
        operationId: 'updateMe',
        summary: 'Changes the signed-in account’s names or phone',
        tags: ['account'],
        security: access.signedIn,
        querystring: NoQuerySchema,
        body: UpdateMeBodySchema,
        response: { 200: UserAnswerSchema, ...authWriteErrors },
      },
    },
    async (request, reply) => {
      const user = requireSignedIn(request, reply);
      if (!user) return reply;
      const { first_name, last_name } = request.body;
      const phone = request.body.phone === undefined ? null : checkPhone(request.body.phone);
      if (phone?.error) return reply.code(400).send(phone.error);
      const updated = await database.query<UserRow>(
        `UPDATE users u SET
           first_name = COALESCE($2, u.first_name),
           last_name = COALESCE($3, u.last_name),
           phone = COALESCE($4, u.phone),
           updated_at = now()
         WHERE u.id = $1
         RETURNING ${USER_COLUMNS}`,
        // A name sent is never blank (the schema refuses it), so it is saved, trimmed; one not sent stays.
        [user.id, first_name?.trim() ?? null, last_name?.trim() ?? null, phone?.phone ?? null],
      );
      return { user: toUser(updated.rows[0] as UserRow) };
    },
  );

  await app.register(passwordResetRoutes, { database, storefrontUrl, mail, passwordHashing, limits });
  await app.register(passwordRoutes, { database, storefrontUrl, mail, passwordHashing, limits });
};
