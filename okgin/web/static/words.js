// Actions and the core's scoring in words, for any page that shows a game. Every figure comes
// from the server (the view's log, its breakdown and finals: docs/view.md); nothing here
// re-derives RULES.md. name(seat) gives the page's name for a seat.
import { cardLabel } from "./cards.js";

export function actionText(a, name) {
  const who = name(a.seat);
  switch (a.do) {
    case "draw": return `${who} drew from the stock`;
    case "take": return `${who} took ${a.card ? cardLabel(a.card) : "the top discard"}`;
    case "pass": return `${who} passed`;
    case "discard": return `${who} discarded ${cardLabel(a.card)}`;
    case "knock": return a.card ? `${who} knocked, discarding ${cardLabel(a.card)}` : `${who} knocked`;
    case "layoff": return `${who} laid off ${cardLabel(a.card)} on meld ${a.meld + 1}`;
    case "done": return `${who} finished laying off`;
    default: return `${who}: ${a.do}`;
  }
}

const VERBS = { gin: "went gin", big_gin: "went big gin", beat: "beat", undercut: "undercut" };

// The end of a hand as the core scored it (view.breakdown): each seat's spread and deadwood,
// then each scoring line with its arithmetic.
export function breakdownLines(b, name) {
  if (!b || b.result === "dead") return ["A dead hand: the stock ran out, nobody scores."];
  const lines = [`Knock limit ${b.knock_limit}${b.multiplier > 1 ? `, doubled ×${b.multiplier}` : ""}.`];
  for (const seat of b.seats) {
    const melds = seat.melds.map((m) => m.map(cardLabel).join(" ")).join(" · ") || "no meld";
    const loose = seat.unmelded.length ? `; deadwood ${seat.unmelded.map(cardLabel).join(" ")}` : "";
    const laid = seat.laid_off.length
      ? `; laid off ${seat.laid_off.map(cardLabel).join(" ")} (deadwood ${seat.deadwood_before} → ${seat.deadwood})`
      : "";
    lines.push(`${name(seat.seat)}${seat.knocker ? " (knocked)" : ""}: ${melds}${loose}${laid}: deadwood ${seat.deadwood}.`);
  }
  for (const l of b.lines) {
    const against = l.against.map(name).join(", ");
    const diffs = l.differences.join(" + ");
    const bonus = l.bonus ? ` + ${l.bonus} ${l.bonus_name}` : "";
    const sum = l.multiplier > 1 ? `(${diffs}${bonus}) × ${l.multiplier}` : `${diffs}${bonus}`;
    const gin = l.kind === "gin" || l.kind === "big_gin";
    const verb = gin ? `${VERBS[l.kind]} against ${against}`
      : `${VERBS[l.kind] || l.kind} ${against}${l.tie ? " (equal deadwood)" : ""}`;
    const plain = l.differences.length === 1 && !l.bonus && l.multiplier === 1;
    lines.push(`${name(l.to)} ${verb}: ${plain ? "" : `${sum} = `}${l.points} points.`);
  }
  return lines;
}

// How the game's final scores are made (view.finals: one per Hollywood game).
export function finalLines(finals, name) {
  const out = [];
  for (const [i, f] of (finals || []).entries()) {
    const head = finals.length > 1 ? `Game ${i + 1}: ` : "";
    for (const l of f.lines) {
      const parts = [`${l.points} points`];
      if (l.boxes) parts.push(`${l.boxes} boxes × ${l.box_bonus}`);
      if (l.game_bonus) parts.push(`game bonus ${l.game_bonus}`);
      out.push(`${head}${name(l.seat)}: ${parts.join(" + ")}${l.shutout ? ", doubled for the shutout" : ""} = ${l.final}.`);
    }
  }
  return out;
}
