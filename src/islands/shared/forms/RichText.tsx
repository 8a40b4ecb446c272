/** A translated sentence with elements in it: `J’accepte les {terms}` with `terms` a link. */
import { Fragment, type ReactNode } from 'react';

export function RichText({ text, parts }: { text: string; parts: Record<string, ReactNode> }) {
  const pieces = text.split(/\{(\w+)\}/);
  return (
    <>
      {pieces.map((piece, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a piece's place in the sentence is its identity (the same text, or an empty one, can come twice).
        <Fragment key={i}>{i % 2 === 1 ? (parts[piece] ?? `{${piece}}`) : piece}</Fragment>
      ))}
    </>
  );
}
