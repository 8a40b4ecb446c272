/**
 * The value a shell page is generated with: one static page serves every runtime id (an order, a reset
 * link). A module of its own so that a page script needing only this (analytics, which reports such a page
 * by its shell's path) does not bundle the route table with it.
 */
export const SHELL_ID = '_';
