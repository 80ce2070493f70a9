// What the admin's pages share: who may open them and their rate limits. The
// use cases they call check again that the actor is an admin.
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import { signedInForm, signedInPage } from '../../page-options.ts';
import { signedInOf } from '../../session.ts';

const ADMINS = ['admin'] as const;

export const adminPage = (deps: AppDeps) => signedInPage(deps, 120, ADMINS);

export const adminForm = (deps: AppDeps) => signedInForm(deps, 30, ADMINS);

/** The admin acting; only valid behind adminPage or adminForm. */
export const adminOf = (request: FastifyRequest) => signedInOf(request).account;

export type UuidParams = { Params: { uuid: string } };
