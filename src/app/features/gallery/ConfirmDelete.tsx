/** Confirmation before a permanent delete from the server or this device. */
import { ConfirmDialog } from '../../components/ConfirmDialog';

export function ConfirmDelete({ name, where, onConfirm, onCancel }: { name: string; where: 'device' | 'server'; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog title={`Delete “${name}”?`} confirmLabel="Delete" onConfirm={onConfirm} onCancel={onCancel}>
      {where === 'server' ? 'The file is deleted permanently from the server.' : 'The result is removed from this device.'}
    </ConfirmDialog>
  );
}
