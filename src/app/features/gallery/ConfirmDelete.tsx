/** A modal confirmation before a permanent delete (native <dialog>: focus trapped, Escape cancels). */
import { useEffect, useRef } from 'react';

export function ConfirmDelete({ name, where, onConfirm, onCancel }: { name: string; where: 'device' | 'server'; onConfirm: () => void; onCancel: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="confirm-delete-title" onCancel={onCancel}>
      <h3 id="confirm-delete-title">Delete “{name}”?</h3>
      <p>{where === 'server' ? 'The file is deleted permanently from the server.' : 'The result is removed from this device.'}</p>
      <div className="dialog__actions">
        <button type="button" className="button" autoFocus onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button button--danger" onClick={onConfirm}>
          Delete
        </button>
      </div>
    </dialog>
  );
}
