//! A two-column table of characteristics (label, value).
export function SpecTable({ rows, caption }: { rows: [string, string][]; caption?: string }) {
  return (
    <table className="spec-table">
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
