// localStorage that never throws: private modes and full quotas must not break a game in progress.

export const storage = {
  get(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Nothing to do: the game goes on, it just will not survive a reload.
    }
  },
  remove(key) {
    try {
      localStorage.removeItem(key);
    } catch {
      // As above.
    }
  },
};
