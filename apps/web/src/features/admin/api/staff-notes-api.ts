import { type StaffNoteRequest, staffNoteList } from '@cusco/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** What staff notes are about: a booking (by code) or a request (by id). */
export type NoteSubject = { kind: 'booking'; code: string } | { kind: 'incident'; id: string };

const notesPath = (subject: NoteSubject) =>
  subject.kind === 'booking'
    ? `admin/bookings/${encodeURIComponent(subject.code)}/notes`
    : `admin/incidents/${encodeURIComponent(subject.id)}/notes`;

/** GET …/notes: the subject's staff notes, the newest first. */
export function useStaffNotes(subject: NoteSubject) {
  const path = notesPath(subject);
  return useQuery({
    queryKey: ['admin', path],
    queryFn: ({ signal }) => api.get(path, { schema: staffNoteList, signal }),
    staleTime: 0,
    meta: { inlineErrors: true },
  });
}

/** POST …/notes: adds a note; its answer (the subject's notes) replaces the list. */
export function useAddStaffNote(subject: NoteSubject) {
  const path = notesPath(subject);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffNoteRequest) => api.post(path, body, { schema: staffNoteList }),
    onSuccess: (notes) => {
      queryClient.setQueryData(['admin', path], notes);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'admin/audit'] });
    },
    meta: { inlineErrors: true },
  });
}
