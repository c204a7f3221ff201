/**
 * The kinds of lists of two calls or more, profile by profile (docs/coverage.md "Kinds").
 *
 * Within one profile (batchProfiles.ts) every rule's call conditions are a constant, so each side's
 * decision there is a small diagram of the caller's atoms, and the bases are walked over the rules
 * the profile enables alone. The sets of one direction and pair of bases are then put together
 * over the profiles' bits (`BatchProfiles.tree`): the very set a walk over the whole part gives,
 * so the kinds, their split by the edited constants and their order are the same. A walk over the
 * whole part conjoins sets that carry every profile's bits, for every rule, and took most of a
 * 200-rule pair's time.
 */
import type { Policy } from '../policy/schema.js';
import { FALSE, TRUE, type Bdd } from './bdd.js';
import { bases, type Basis } from './basis.js';
import type { BatchPart } from './space.js';
import type { Profile } from './batchProfiles.js';
import { lacksContext, ruleApplies, sideOf, type RuleModel, type SideModel } from './decision.js';
import {
  changed,
  collectKinds,
  KindCollector,
  kindOrder,
  type Direction,
  type Enumeration,
  type KindLimits,
} from './kinds.js';
import type { AtomSpace } from './space.js';

interface Group {
  readonly direction: Direction;
  readonly base: Basis;
  readonly head: Basis;
  readonly batch: true;
  readonly sets: Map<Profile, Bdd>;
}

interface RulePieces {
  readonly rule: RuleModel['rule'];
  readonly lacks: Bdd;
  readonly applies: Bdd;
  /** Its call bit's index in `calls.bits`; -1 without call conditions. */
  readonly bit: number;
}

/** One side's decision within each profile, shared by the profiles enabling the same rules. */
class ProfileSides {
  private readonly rules: RulePieces[];
  private readonly byEnabled = new Map<string, SideModel>();

  constructor(
    private readonly space: AtomSpace,
    private readonly policy: Policy,
    private readonly part: BatchPart,
  ) {
    const index = new Map(space.calls.bits.map((b, i) => [b.variable, i]));
    this.rules = policy.rules.map((rule) => {
      const bit = space.ruleCallBit.get(rule);
      return {
        rule,
        lacks: lacksContext(space, rule),
        applies: ruleApplies(space, rule),
        bit: bit === undefined ? -1 : index.get(bit.variable)!,
      };
    });
  }

  at(profile: Profile): SideModel {
    // A profile never sets a quieted bit: a quieted rule matches nowhere in the part.
    const enabled = this.rules.map((r) => r.bit < 0 || this.part.profiles.holds(profile, r.bit));
    const key = enabled.map((e, i) => (e && this.rules[i]!.bit >= 0 ? '1' : '0')).join('');
    let side = this.byEnabled.get(key);
    if (side === undefined) {
      const models = this.rules.map((r, i) => ({
        rule: r.rule,
        lacks: r.lacks,
        matched: enabled[i] ? r.applies : FALSE,
      }));
      side = sideOf(this.space, this.policy, models);
      this.byEnabled.set(key, side);
    }
    return side;
  }
}

/** The part's universe with a profile's bits fixed (and the call atoms false, `quiet` true). */
function withinProfile(
  space: AtomSpace,
  part: BatchPart,
  profile: Profile,
  bitIndex: ReadonlyMap<number, number>,
  callVariables: ReadonlySet<number>,
): Bdd {
  const { m, calls } = space;
  let f = part.universe;
  while (f > TRUE) {
    const v = m.level(f);
    let value: boolean;
    if (callVariables.has(v)) value = false;
    else if (v === calls.quiet) value = true;
    else if (bitIndex.has(v)) value = part.profiles.holds(profile, bitIndex.get(v)!);
    else break;
    f = value ? m.high(f) : m.low(f);
  }
  return f;
}

interface Found {
  /** Changed within the profile. */
  readonly changed: Bdd;
  readonly sets: { key: string; direction: Direction; base: Basis; head: Basis; set: Bdd }[];
}

/** The changed requests within one profile, by direction and pair of bases. */
function basesOf(space: AtomSpace, b: SideModel | null, h: SideModel, within: Bdd): Found {
  const sets = changed(space, b, h, within);
  const found: Found['sets'] = [];
  for (const direction of ['newly_allowed', 'newly_denied'] as const)
    for (const bs of bases(space.m, b, sets[direction]))
      for (const hs of bases(space.m, h, bs.set))
        found.push({ key: JSON.stringify([direction, bs.basis, hs.basis]), direction, base: bs.basis, head: hs.basis, set: hs.set });
  return { changed: space.m.or(sets.newly_allowed, sets.newly_denied), sets: found };
}

/** Every kind of the batch part, `before` kinds having been found in the other. */
export function enumerateBatchKinds(
  space: AtomSpace,
  base: Policy | null,
  head: Policy | null,
  limits: KindLimits,
  before: number,
): Enumeration {
  const part = space.batch;
  if (head === null || part === null) return { mode: 'exact', capped: null, kinds: [], changed: FALSE };
  const { m, calls } = space;
  return collectKinds(
    () => new KindCollector(space, 'batch', limits, before),
    (into) => {
      const baseSides = base === null ? null : new ProfileSides(space, base, part);
      const headSides = new ProfileSides(space, head, part);
      const bitIndex = new Map(calls.bits.map((b, i) => [b.variable, i]));
      const callSet = calls.callVariables();
      const groups = new Map<string, Group>();
      // Profiles that differ only in bits no rule reads (an edited constant's) share both sides
      // and their universe: their bases are found once.
      const found = new Map<string, Found>();
      const changedIn = new Map<Profile, Bdd>();
      const sideIds = new Map<SideModel | null, number>();
      const idOf = (side: SideModel | null): number => {
        if (!sideIds.has(side)) sideIds.set(side, sideIds.size);
        return sideIds.get(side)!;
      };
      for (const profile of part.profiles.profiles) {
        const within = withinProfile(space, part, profile, bitIndex, callSet);
        if (within === FALSE) continue;
        const b = baseSides?.at(profile) ?? null;
        const h = headSides.at(profile);
        const shared = `${idOf(b)} ${idOf(h)} ${within}`;
        let inProfile = found.get(shared);
        if (inProfile === undefined) {
          inProfile = basesOf(space, b, h, within);
          found.set(shared, inProfile);
        }
        if (inProfile.changed !== FALSE) changedIn.set(profile, inProfile.changed);
        for (const one of inProfile.sets) {
          let group = groups.get(one.key);
          if (group === undefined) {
            group = { direction: one.direction, base: one.base, head: one.head, batch: true, sets: new Map() };
            groups.set(one.key, group);
          }
          group.sets.set(profile, one.set);
        }
      }
      const callVariables = [...calls.callVariables()].sort((x, y) => y - x);
      // Over the profiles' bits, each profile's set below them; every call atom is false in a list
      // of two calls or more (the bits describe it).
      const assemble = (sets: ReadonlyMap<Profile, Bdd>): Bdd => {
        let set = part.profiles.tree([...sets.keys()], (p) => m.node(calls.quiet, FALSE, sets.get(p)!));
        for (const v of callVariables) set = m.node(v, set, FALSE);
        return set;
      };
      into.changed = assemble(changedIn);
      for (const group of [...groups.values()].sort(kindOrder(base, head)))
        into.add(group.direction, group.base, group.head, assemble(group.sets));
    },
  );
}
