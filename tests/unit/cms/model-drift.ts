/**
 * Where the Strapi project's content model (scripts/lib/cms-model.ts) and the embedded content service part ways,
 * said in sentences: a field one has and the other lacks, a type that does not carry the wire's values, a text the
 * seed keeps per language that Strapi would share (or the other way round), and the Strapi rules a schema.json
 * must keep (names it reserves, relations whose two sides do not name each other).
 */
import type { z } from 'zod';
import type { Attribute, Component, ContentType } from '../../../scripts/lib/cms-model.ts';

export interface Model {
  contentTypes: Record<string, ContentType>;
  components: Record<string, Component>;
}

type Schema = z.core.$ZodType;
interface Def {
  type: string;
  innerType?: Schema;
  shape?: Record<string, Schema>;
  element?: Schema;
  valueType?: Schema;
  entries?: Record<string, string>;
  left?: Schema;
  right?: Schema;
  in?: Schema;
  options?: Schema[];
  format?: string;
  checks?: Array<{ _zod: { def: { format?: string } } }>;
}
const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** What a value of a zod schema is, its wrappers (optional, nullable, default) taken off and remembered. */
interface Field {
  kind: string;
  optional: boolean;
  int: boolean;
  values?: string[];
  fields?: Record<string, Schema>;
  element?: Schema;
}

const INTEGER_FORMATS = new Set(['safeint', 'int32', 'uint32', 'int64', 'uint64']);

function fieldOf(schema: Schema, optional = false): Field {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
      return fieldOf(def.innerType!, true);
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return fieldOf(def.innerType!, optional);
    case 'pipe':
      return fieldOf(def.in!, optional);
    case 'intersection': {
      const left = fieldOf(def.left!);
      const right = fieldOf(def.right!);
      return { kind: 'object', optional, int: false, fields: { ...left.fields, ...right.fields } };
    }
    case 'object':
      return { kind: 'object', optional, int: false, fields: def.shape };
    case 'array':
      return { kind: 'array', optional, int: false, element: def.element };
    case 'record':
      return { kind: 'record', optional, int: false, element: def.valueType };
    case 'enum':
      return { kind: 'enum', optional, int: false, values: Object.values(def.entries ?? {}) };
    case 'number': {
      const int = INTEGER_FORMATS.has(def.format ?? '') || (def.checks ?? []).some((c) => INTEGER_FORMATS.has(c._zod.def.format ?? ''));
      return { kind: 'number', optional, int };
    }
    default:
      return { kind: def.type, optional, int: false };
  }
}

const isToMany = (a: Attribute & { type: 'relation' }) => a.relation === 'oneToMany' || a.relation === 'manyToMany';
const typeNameOf = (uid: string) => uid.replace(/^api::([^.]+)\..+$/, '$1');
const read = (a: Attribute) => a.read ?? 'as-is';
const isRead = (a: Attribute) => {
  const r = read(a);
  return r === 'as-is' || !('notRead' in r);
};

/** One attribute against the wire field of its name. */
function attributeDrift(model: Model, path: string, a: Attribute, schema: Schema, seen: Set<string>): string[] {
  const wire = fieldOf(schema);
  const r = read(a);
  const problems: string[] = [];
  const expect = (ok: boolean, what: string) => {
    if (!ok) problems.push(`${path}: ${what}`);
  };

  if (r !== 'as-is' && 'keyOf' in r) {
    if (a.type !== 'relation') return [`${path}: read as keys but not a relation`];
    const target = model.contentTypes[typeNameOf(a.target)];
    expect(target?.attributes[r.keyOf] !== undefined, `its target has no attribute ${r.keyOf}`);
    if (isToMany(a))
      expect(wire.kind === 'array' && fieldOf(wire.element!).kind === 'string', `the wire has ${wire.kind}, not a list of keys`);
    else expect(wire.kind === 'string', `the wire has ${wire.kind}, not a key`);
    return problems;
  }
  if (r !== 'as-is' && 'resolvedTo' in r) {
    expect(model.contentTypes[r.resolvedTo] !== undefined, `no content type ${r.resolvedTo} to resolve into`);
    expect(wire.kind === 'array' && fieldOf(wire.element!).kind === 'object', `the wire has ${wire.kind}, not the entries`);
    return problems;
  }

  // A field the sites need in every answer is one an entry cannot be published without (or one the publish writes).
  const listLike = a.type === 'relation' || (a.type === 'component' && a.repeatable);
  if (!listLike && !a.writtenAtPublish)
    expect(
      Boolean(a.required) === !wire.optional,
      wire.optional ? 'the wire may lack it: not required' : 'the wire always has it: required',
    );

  switch (a.type) {
    case 'string':
    case 'text':
    case 'richtext':
    case 'email':
    case 'uid':
    case 'date':
      expect(wire.kind === 'string', `a ${a.type} where the wire has ${wire.kind}${wire.kind === 'enum' ? ' (an enumeration, then)' : ''}`);
      break;
    case 'enumeration':
      if (wire.kind === 'enum')
        expect(
          JSON.stringify([...a.enum].sort()) === JSON.stringify([...wire.values!].sort()),
          `values ${a.enum.join(', ')} where the wire has ${wire.values!.join(', ')}`,
        );
      else expect(wire.kind === 'string', `an enumeration where the wire has ${wire.kind}`);
      break;
    case 'integer':
      expect(wire.kind === 'number' && wire.int, `an integer where the wire has ${wire.int ? 'an integer' : wire.kind}`);
      break;
    case 'decimal':
    case 'float':
      expect(wire.kind === 'number' && !wire.int, `a ${a.type} where the wire has ${wire.int ? 'an integer' : wire.kind}`);
      break;
    case 'boolean':
      expect(wire.kind === 'boolean', `a boolean where the wire has ${wire.kind}`);
      break;
    case 'json':
      break;
    case 'media':
      expect(wire.kind === 'object' && wire.fields?.url !== undefined, 'a picture where the wire has no image');
      break;
    case 'component': {
      const component = model.components[a.component];
      if (!component) return [...problems, `${path}: no component ${a.component}`];
      const object = a.repeatable ? (wire.kind === 'array' ? fieldOf(wire.element!) : undefined) : wire;
      if (object?.kind !== 'object')
        return [...problems, `${path}: a${a.repeatable ? ' list of' : ''} ${a.component} where the wire has ${wire.kind}`];
      problems.push(...fieldsDrift(model, path, component.attributes, object.fields!, {}, seen));
      break;
    }
    case 'relation': {
      const name = typeNameOf(a.target);
      const target = model.contentTypes[name];
      if (!target) return [...problems, `${path}: no content type ${name}`];
      const object = isToMany(a) ? (wire.kind === 'array' ? fieldOf(wire.element!) : undefined) : wire;
      if (object?.kind !== 'object') return [...problems, `${path}: entries of ${name} where the wire has ${wire.kind}`];
      seen.add(name);
      problems.push(...fieldsDrift(model, path, target.attributes, object.fields!, target.computed ?? {}, seen));
      break;
    }
  }
  return problems;
}

/** The attributes the sites read against the wire's fields: the same names, each of a type that carries its values. */
function fieldsDrift(
  model: Model,
  path: string,
  attributes: Record<string, Attribute>,
  fields: Record<string, Schema>,
  computed: Record<string, string>,
  seen: Set<string>,
): string[] {
  const problems: string[] = [];
  const readNames = Object.keys(attributes).filter((name) => isRead(attributes[name]!));
  for (const name of readNames) if (!(name in fields)) problems.push(`${path}.${name}: an attribute the sites read, missing from the wire`);
  for (const name of Object.keys(fields))
    if (!readNames.includes(name) && !(name in computed)) problems.push(`${path}.${name}: on the wire, but no attribute holds it`);
  for (const name of Object.keys(computed)) {
    if (readNames.includes(name)) problems.push(`${path}.${name}: both an attribute and computed`);
    if (!(name in fields)) problems.push(`${path}.${name}: computed, but not on the wire`);
  }
  for (const name of readNames)
    if (name in fields) problems.push(...attributeDrift(model, `${path}.${name}`, attributes[name]!, fields[name]!, seen));
  return problems;
}

/** The model against the wire: every content type the sites read on its own, and those read inside another's answer. */
export function wireDrift(model: Model): string[] {
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const [name, type] of Object.entries(model.contentTypes)) {
    if (!type.wire) continue;
    seen.add(name);
    const wire = fieldOf(type.wire);
    if (wire.kind !== 'object') problems.push(`${name}: its wire is ${wire.kind}, not an entry`);
    else problems.push(...fieldsDrift(model, name, type.attributes, wire.fields!, type.computed ?? {}, seen));
  }
  for (const name of Object.keys(model.contentTypes))
    if (!seen.has(name)) problems.push(`${name}: the sites read it nowhere (no wire, and no answer holds its entries)`);
  return problems;
}

/** Whether a fixture field keeps a value per language: a `{ fr, nl }` object, or such objects inside it. */
function holdsLanguages(schema: Schema): boolean {
  const field = fieldOf(schema);
  if (field.kind === 'object') {
    const keys = Object.keys(field.fields!).sort();
    return keys.join() === 'fr,nl' || Object.values(field.fields!).some(holdsLanguages);
  }
  if (field.kind === 'array' || field.kind === 'record') return holdsLanguages(field.element!);
  return false;
}

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The attributes' language settings against the seed: per language exactly where the fixtures hold `{ fr, nl }`. */
function fixtureDrift(model: Model, path: string, attributes: Record<string, Attribute>, fixture: Record<string, Schema>): string[] {
  const problems: string[] = [];
  for (const [name, a] of Object.entries(attributes)) {
    if (a.fixture === false || !isRead(a)) continue;
    const r = read(a);
    if (r !== 'as-is' && 'keyOf' in r) continue;
    const fixtureName = a.fixture ?? camel(name);
    const field = fixture[fixtureName];
    if (!field) {
      problems.push(`${path}.${name}: the seed has no ${fixtureName} (say fixture: false if it keeps none)`);
      continue;
    }
    if (a.type === 'component' || a.type === 'relation') {
      // Strapi sets no language per field inside a component or per relation: compare the fields inside.
      const attributesInside =
        a.type === 'component' ? model.components[a.component]?.attributes : model.contentTypes[typeNameOf(a.target)]?.attributes;
      const value = fieldOf(field);
      const object = value.kind === 'array' ? fieldOf(value.element!) : value;
      if (attributesInside && object.kind === 'object')
        problems.push(...fixtureDrift(model, `${path}.${name}`, attributesInside, object.fields!));
      else problems.push(`${path}.${name}: the seed's ${fixtureName} is no entry to compare with`);
      continue;
    }
    const perLanguage = holdsLanguages(field);
    if (perLanguage !== a.localized)
      problems.push(
        `${path}.${name}: ${a.localized ? 'per language, where the seed keeps one value' : 'one value, where the seed keeps one per language'}`,
      );
  }
  return problems;
}

export function seedDrift(model: Model, fixtures: Record<string, Schema>): string[] {
  const problems: string[] = [];
  for (const [name, fixture] of Object.entries(fixtures)) {
    const type = model.contentTypes[name];
    if (!type) {
      problems.push(`${name}: the seed keeps it, the model has no such content type`);
      continue;
    }
    const object = fieldOf(fixture);
    problems.push(...fixtureDrift(model, name, type.attributes, object.fields!));
  }
  return problems;
}

const localizedInside = (model: Model, component: string, seen = new Set<string>()): boolean => {
  if (seen.has(component)) return false;
  seen.add(component);
  return Object.values(model.components[component]?.attributes ?? {}).some(
    (a) => a.localized || (a.type === 'component' && localizedInside(model, a.component, seen)),
  );
};

/** Strapi 5's reserved attribute names (compared in snake_case, as its content-type builder does). */
const RESERVED = [
  'id',
  'document_id',
  'created_at',
  'updated_at',
  'published_at',
  'created_by_id',
  'updated_by_id',
  'created_by',
  'updated_by',
  'entry_id',
  'status',
  'localizations',
  'meta',
  'locale',
  '__component',
  '__content_type',
];
const snakeCase = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/-/g, '_')
    .toLowerCase();

/** What Strapi 5 asks of the schema files, and what its i18n can keep. */
export function strapiDrift(model: Model): string[] {
  const problems: string[] = [];
  const check = (
    path: string,
    attributes: Record<string, Attribute>,
    owner: { localized: boolean; uid?: string },
    inComponent: boolean,
  ): void => {
    for (const [name, a] of Object.entries(attributes)) {
      const at = `${path}.${name}`;
      if (!/^[A-Za-z][_0-9A-Za-z]*$/.test(name)) problems.push(`${at}: not a name Strapi accepts`);
      const snake = snakeCase(name);
      if (RESERVED.includes(snake) || /^_{0,2}strapi/.test(snake)) problems.push(`${at}: a name Strapi reserves`);
      if (a.localized && !owner.localized) problems.push(`${at}: per language in a content type that has one language`);
      if (a.type === 'uid' && !['string', 'text'].includes(attributes[a.targetField]?.type ?? ''))
        problems.push(`${at}: its targetField ${a.targetField} is no text`);
      if (a.type === 'enumeration' && a.enum.length === 0) problems.push(`${at}: an enumeration of nothing`);
      if (a.type === 'component') {
        if (!model.components[a.component]) problems.push(`${at}: no component ${a.component}`);
        else if (!inComponent && a.localized !== localizedInside(model, a.component))
          problems.push(
            `${at}: ${a.localized ? 'per language, though nothing inside is' : 'shared, though texts inside are per language'}`,
          );
      }
      if (a.type === 'relation') {
        if (inComponent) problems.push(`${at}: a relation inside a component (Strapi's i18n loses them)`);
        if (a.localized !== owner.localized) problems.push(`${at}: relations follow their entry's language in Strapi 5`);
        const target = model.contentTypes[typeNameOf(a.target)];
        const other = a.inversedBy ?? a.mappedBy;
        const back = target && other ? target.attributes[other] : undefined;
        if (!target) problems.push(`${at}: no content type ${a.target}`);
        else if (!other) problems.push(`${at}: one-sided (Strapi's sides name each other: inversedBy and mappedBy)`);
        else if (back?.type !== 'relation' || back.target !== owner.uid || (back.inversedBy ?? back.mappedBy) !== name)
          problems.push(`${at}: ${a.target}.${other} does not name it back`);
        else if (Boolean(a.inversedBy) === Boolean(back.inversedBy)) problems.push(`${at}: one side inversedBy, the other mappedBy`);
      }
    }
  };
  for (const [name, type] of Object.entries(model.contentTypes)) {
    if (type.singularName !== name || !/^[a-z][a-z0-9-]*$/.test(name) || type.pluralName === name)
      problems.push(`${name}: Strapi wants kebab-case names, the singular the type's own, the plural another`);
    check(name, type.attributes, { localized: type.localized, uid: `api::${name}.${name}` }, false);
  }
  for (const [uid, component] of Object.entries(model.components)) {
    if (uid !== `${component.category}.${component.name}`) problems.push(`${uid}: named ${component.category}.${component.name}`);
    check(uid, component.attributes, { localized: true }, true);
  }
  return problems;
}
