/** The build id the islands poll: a new id makes the next navigation a full reload. */
import type { APIRoute } from 'astro';
import { BUILD_ID } from 'astro:env/server';
import { channel } from '../../site/content.ts';

const builtAt = new Date().toISOString();
const id = BUILD_ID ?? `${channel.code.toLowerCase()}-${builtAt.replace(/\D/g, '')}`;
export const GET: APIRoute = () => Response.json({ id, channel: channel.code, builtAt });
