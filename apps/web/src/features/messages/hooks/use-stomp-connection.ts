import { useEffect, useState } from 'react';
import { createStompConnection, type StompConnection, type StompState } from '@/lib/stomp';
import { selectAuthenticated, useSession } from '@/stores/session';

/**
 * A STOMP connection for as long as the calling component is mounted and the user is signed in (docs/product.md §4:
 * connect only when authenticated, disconnect on unmount). Each CONNECT reads the session's current token.
 */
export function useStompConnection(): { connection: StompConnection; state: StompState } {
  const authenticated = useSession(selectAuthenticated);
  const [state, setState] = useState<StompState>('closed');
  const [connection] = useState(() =>
    createStompConnection({
      getAccessToken: () => useSession.getState().accessToken,
      async refreshAccessToken() {
        // Shared with the API client's refresh; a failure there ends the session (and this connection).
        const jwt = await useSession.getState().refresh();
        return jwt?.accessToken ?? null;
      },
      onStateChange: setState,
    }),
  );

  useEffect(() => {
    if (!authenticated) return;
    connection.connect();
    return () => void connection.disconnect();
  }, [authenticated, connection]);

  return { connection, state };
}
