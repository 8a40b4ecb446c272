/**
 * Algolia's two ways of filtering a search, read into one form: `filters` ("species:cat AND (kind:dry OR
 * kind:wet)", "price < 2000", "price:10 TO 20", NOT, quoted values) and `facetFilters` (["species:cat",
 * ["kind:dry", "kind:wet"]], "-" for negation). Both become a conjunction of disjunctions, which is all
 * Algolia accepts too (no OR of ANDs): a record matches when every group has a clause it matches.
 */

type FilterClause =
  | { kind: 'facet'; attribute: string; value: string; negated: boolean }
  | { kind: 'compare'; attribute: string; operator: '<' | '<=' | '=' | '!=' | '>=' | '>'; value: number; negated: boolean }
  | { kind: 'range'; attribute: string; from: number; to: number; negated: boolean };

/** Every group must hold; a group holds when one of its clauses does. */
export type Filters = FilterClause[][];

export class FilterSyntaxError extends Error {}

const OPERATORS = ['<=', '>=', '!=', '<', '>', '='] as const;

/** Reads a `filters` expression; throws FilterSyntaxError with Algolia-like words on anything else. */
export function parseFilterExpression(input: string): Filters {
  let pos = 0;
  const fail = (what: string): never => {
    throw new FilterSyntaxError(`filters: ${what} at col ${pos + 1}`);
  };
  const skipSpaces = () => {
    while (pos < input.length && /\s/.test(input[pos]!)) pos++;
  };
  const keyword = (word: string): boolean => {
    skipSpaces();
    const next = input.slice(pos, pos + word.length);
    if (next.toUpperCase() === word && !/[\w]/.test(input[pos + word.length] ?? '')) {
      pos += word.length;
      return true;
    }
    return false;
  };
  const take = (char: string): boolean => {
    skipSpaces();
    if (input[pos] === char) {
      pos++;
      return true;
    }
    return false;
  };
  const quoted = (): string => {
    const quote = input[pos]!;
    pos++;
    let value = '';
    while (pos < input.length && input[pos] !== quote) {
      if (input[pos] === '\\' && pos + 1 < input.length) pos++;
      value += input[pos];
      pos++;
    }
    if (input[pos] !== quote) fail('Unterminated string');
    pos++;
    return value;
  };
  const bare = (): string => {
    const start = pos;
    while (pos < input.length && !/[\s()]/.test(input[pos]!)) pos++;
    return input.slice(start, pos);
  };
  const number = (): number => {
    skipSpaces();
    const text = input[pos] === '"' || input[pos] === "'" ? quoted() : bare();
    const value = Number(text);
    if (text === '' || !Number.isFinite(value)) fail(`Expected a number, got "${text}"`);
    return value;
  };
  const clause = (): FilterClause => {
    const negated = keyword('NOT');
    skipSpaces();
    let attribute: string;
    if (input[pos] === '"' || input[pos] === "'") attribute = quoted();
    else {
      attribute = /^[\w.-]+/.exec(input.slice(pos))?.[0] ?? fail('Expected an attribute');
      pos += attribute.length;
    }
    skipSpaces();
    const operator = OPERATORS.find((op) => input.startsWith(op, pos));
    if (operator) {
      pos += operator.length;
      return { kind: 'compare', attribute, operator, value: number(), negated };
    }
    if (!take(':')) fail(`Expected ":" or an operator after ${attribute}`);
    skipSpaces();
    const value = input[pos] === '"' || input[pos] === "'" ? quoted() : bare();
    if (value === '') fail(`Expected a value for ${attribute}`);
    if (keyword('TO')) {
      const from = Number(value);
      if (!Number.isFinite(from)) fail(`Expected a number, got "${value}"`);
      return { kind: 'range', attribute, from, to: number(), negated };
    }
    return { kind: 'facet', attribute, value, negated };
  };
  const group = (): FilterClause[] => {
    const parenthesised = take('(');
    const clauses = [clause()];
    while (keyword('OR')) clauses.push(clause());
    if (parenthesised && !take(')')) fail('Expected ")"');
    return clauses;
  };

  skipSpaces();
  if (pos === input.length) return [];
  const groups = [group()];
  while (keyword('AND')) groups.push(group());
  skipSpaces();
  if (pos < input.length) fail(`Unexpected "${input.slice(pos, pos + 12)}"`);
  return groups;
}

/** One `attribute:value` of facetFilters; a leading "-" negates ("\-" is a real minus). */
function facetFilter(text: string): FilterClause {
  const colon = text.indexOf(':');
  if (colon <= 0) throw new FilterSyntaxError(`facetFilters: "${text}" is not attribute:value`);
  const attribute = text.slice(0, colon).trim();
  let value = text.slice(colon + 1);
  const negated = value.startsWith('-');
  if (negated) value = value.slice(1);
  else if (value.startsWith('\\-')) value = value.slice(1);
  return { kind: 'facet', attribute, value, negated };
}

/** Reads facetFilters: a string, or an array of strings and arrays of strings (those are ORed). */
export function readFacetFilters(input: string | ReadonlyArray<string | readonly string[]>): Filters {
  if (typeof input === 'string') return [[facetFilter(input)]];
  return input.map((entry) => (typeof entry === 'string' ? [facetFilter(entry)] : entry.map(facetFilter))).filter((g) => g.length > 0);
}

const sameValue = (a: unknown, b: string): boolean =>
  typeof a === 'string' ? a.toLowerCase() === b.toLowerCase() : typeof a === 'number' || typeof a === 'boolean' ? String(a) === b : false;

function holds(record: Readonly<Record<string, unknown>>, clause: FilterClause): boolean {
  const raw = record[clause.attribute];
  const values = Array.isArray(raw) ? raw : [raw];
  let found: boolean;
  if (clause.kind === 'facet') found = values.some((v) => sameValue(v, clause.value));
  else {
    const numbers = values.filter((v): v is number => typeof v === 'number');
    if (clause.kind === 'range') found = numbers.some((n) => n >= clause.from && n <= clause.to);
    else {
      const { operator, value } = clause;
      found = numbers.some((n) =>
        operator === '<'
          ? n < value
          : operator === '<='
            ? n <= value
            : operator === '='
              ? n === value
              : operator === '!='
                ? n !== value
                : operator === '>='
                  ? n >= value
                  : n > value,
      );
    }
  }
  return clause.negated ? !found : found;
}

export const matchesFilters = (record: Readonly<Record<string, unknown>>, filters: Filters): boolean =>
  filters.every((group) => group.some((clause) => holds(record, clause)));
