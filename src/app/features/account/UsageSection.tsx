/** The account's balance and usage ledger: one line per charged processing. */
import { describeAccountError, useUsage } from '../../api/account';
import { when } from './when';

export function UsageSection() {
  const usage = useUsage(true);
  if (usage.error) return <p className="notice notice--warn" role="alert">{describeAccountError(usage.error)}</p>;
  if (!usage.data) return <p className="muted">Loading…</p>;
  const { limit, remaining, usage: lines } = usage.data;
  return (
    <div className="usage">
      <p>
        <strong>{remaining}</strong> of {limit} processings remaining; {limit - remaining} used.
      </p>
      {lines.length === 0 ? (
        <p className="muted">Nothing processed on the server yet.</p>
      ) : (
        <div className="table-scroll">
          <table className="usage__table" aria-label="Usage">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">File</th>
                <th scope="col">Charged</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={`${line.file_uuid}-${line.time}`}>
                  <td>{when(line.time)}</td>
                  <td className="usage__name" title={line.file_uuid}>
                    {line.name ?? line.file_uuid}
                  </td>
                  <td>{line.amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
