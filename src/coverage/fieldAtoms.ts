/**
 * The atoms of one field (docs/coverage.md "Atoms"). A condition reads a field value as the set of
 * the policies' constants it "holds": a string or a number or boolean (by its JSON text) holds at
 * most one, an array holds those its string/number/boolean elements spell, and an absent value,
 * an object or null holds nothing and satisfies neither operator. So, exactly for every value:
 *
 * - `present`: the value is a string, number, boolean or array (for `is_batch` a boolean, for
 *   `unparsable_calls` a number: docs/policy.md compares them by type);
 * - one bit per constant: the value holds that constant.
 *
 * `in S` is then present ∧ (some bit of S), `not_in S` present ∧ ¬(some bit of S). A scalar with
 * no bit set is "any other value"; an array with none set behaves like the empty array. Fields
 * that can hold only a scalar (`single`) have at most one bit set.
 */
import type { Condition } from '../policy/schema.js';
import type { FieldKind } from '../policy/fields.js';
import { FALSE, TRUE, type Bdd, type BddManager } from './bdd.js';

export interface FieldAtoms {
  /** The field as a condition names it (`http_host`, `group`, `claim:a.b`, `tool`). */
  readonly field: string;
  readonly kind: FieldKind;
  /** The variable of "a value a condition can see is there". */
  readonly present: number;
  /** The constants any condition of either policy compares this field with, sorted. */
  readonly constants: readonly string[];
  /** `bits[i]` is the variable of "the value holds constants[i]". */
  readonly bits: readonly number[];
  /** At most one constant at once (a scalar field, or a field compared by type). */
  readonly single: boolean;
  /** Constants an edit adds or removes for this field (docs/coverage.md "Kinds"). */
  readonly edited: ReadonlySet<string>;
}

/** Allocates consecutive variables from `next`, returning the field's atoms and the next free. */
export function allocateField(
  field: string,
  kind: FieldKind,
  constants: Iterable<string>,
  single: boolean,
  edited: ReadonlySet<string>,
  next: number,
): { atoms: FieldAtoms; next: number } {
  const sorted = [...new Set(constants)].sort();
  const present = next;
  const bits = sorted.map((_, i) => next + 1 + i);
  return { atoms: { field, kind, present, constants: sorted, bits, single, edited }, next: next + 1 + sorted.length };
}

/** The bit of one constant, or undefined when the field has no such constant. */
export function bitOf(atoms: FieldAtoms, constant: string): number | undefined {
  const i = atoms.constants.indexOf(constant);
  return i < 0 ? undefined : atoms.bits[i];
}

/**
 * docs/policy.md "One condition" over the field's atoms. For a single-valued field the value is
 * read as its first held constant (a decision list over the bits): the same function wherever at
 * most one bit is set, which the field's constraint demands of every real request, but a diagram
 * that never asks about the constants after the one held, so a rule's condition on one call's
 * tool does not leave the caller's fields to tell apart every set of tools held at once.
 */
export function conditionBdd(m: BddManager, atoms: FieldAtoms, condition: Condition): Bdd {
  if (atoms.single) {
    const wanted = new Set(condition.values);
    const inside = condition.operator === 'in';
    let firstHeld: Bdd = inside ? FALSE : TRUE;
    for (let i = atoms.bits.length - 1; i >= 0; i--) {
      const holds = wanted.has(atoms.constants[i]!) === inside;
      firstHeld = m.node(atoms.bits[i]!, firstHeld, holds ? TRUE : FALSE);
    }
    return m.node(atoms.present, FALSE, firstHeld);
  }
  const listed = m.orAll(
    condition.values.map((value) => {
      const bit = bitOf(atoms, value);
      return bit === undefined ? FALSE : m.variable(bit);
    }),
  );
  const holds = condition.operator === 'in' ? listed : m.not(listed);
  return m.and(m.variable(atoms.present), holds);
}

/**
 * The canonical form of the field's atoms: a bit only with `present`, at most one bit for a
 * single-valued field, and for `is_batch` (constants "false", "true") exactly one when present.
 */
export function fieldConstraint(m: BddManager, atoms: FieldAtoms): Bdd {
  const present = m.variable(atoms.present);
  const bits = atoms.bits.map((b) => m.variable(b));
  let constraint = m.andAll(bits.map((b) => m.implies(b, present)));
  if (atoms.single) constraint = m.and(constraint, m.atMostOne(bits));
  if (atoms.kind.kind === 'is_batch') constraint = m.and(constraint, m.implies(present, m.orAll(bits)));
  return constraint;
}
