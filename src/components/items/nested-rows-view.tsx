import type { NestedRepeater } from "~/components/items/nested-rows";

/**
 * A repeater's rows as nested lists (nested-rows.ts): each row a labelled group with its values, the rows of its
 * nested repeaters inside it, so a reader sees every inner row under its parent row on a phone as on the desk.
 */
export function NestedRowsView({ repeater }: { repeater: NestedRepeater }) {
  if (repeater.rows.length === 0) return null;
  return (
    <ol className="min-w-0 space-y-2">
      {repeater.rows.map((row, i) => {
        const name = `${repeater.name} ${i + 1}`;
        return (
          <li key={row.path.join(".")} aria-label={name} className="min-w-0 rounded border border-slate-200 bg-white p-2">
            <p className="text-sm font-medium text-slate-900">{name}</p>
            {row.cells.length > 0 ? (
              <dl className="mt-1 space-y-1 text-sm">
                {row.cells.map((cell) => (
                  <div key={cell.id} className="min-w-0">
                    <dt className="text-slate-600">{cell.label}</dt>
                    <dd className="break-words text-slate-900">{cell.text}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {row.nested.map((inner) => (
              <div key={inner.id} className="mt-2 min-w-0 space-y-1 pl-2">
                <p className="text-sm text-slate-600">{inner.name}</p>
                <NestedRowsView repeater={inner} />
              </div>
            ))}
          </li>
        );
      })}
    </ol>
  );
}
