/** An address as lines (src/lib/orders/address-lines.ts), one under the other in an <address>. */
export function AddressText({ lines }: { lines: readonly string[] }) {
  return (
    <address>
      {lines.map((line) => (
        <span key={line}>
          {line}
          <br />
        </span>
      ))}
    </address>
  );
}
