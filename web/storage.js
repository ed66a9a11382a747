// localStorage that never throws: private modes and full quotas must not break a game in progress.

export const storage = {
  get(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  // true when it was stored
  set(key, value) {
    try {
      localStorage.setItem(key, value);
      return true;
    } catch {
      // Nothing to do: the game goes on, it just will not survive a reload.
      return false;
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
