// Where the site keeps what a player has done: the players' home in IndexedDB (every game's game in
// progress, the statistics, the finished games), and localStorage that never throws (the embeds' own
// saves, the picker's preferences, and the fall-back copy of the game on the table when IndexedDB
// cannot keep it).
//
// The home is one object store, "home", in the database "pygames", keyed by name:
//   "last"          the id of the game last played: a visit opens it at once
//   "save:<game>"   that game's game in progress (or just finished): the save record app.js writes,
//                   with the time home.js kept it (`savedAt`, milliseconds since 1970)
//   "stats"         the statistics (stats.js)
//   "history"       the finished games, newest first (stats.js)
// The raw IndexedDB API rather than a library: the site needs get, put and delete in one store, and
// needs several of them in one transaction (a finished game's save, its statistics and its history
// entry written together or not at all; the save a visit opens read with the name of the game last
// played in the same round trip), which a key-value library does not offer, while a full wrapper
// would be a dependency to pin, copy into the site and precache for forty lines of promises.

const DB_NAME = "pygames";
const DB_VERSION = 1;
const STORE = "home";

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

// An IndexedDB request as a promise.
export function settled(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** @type {Promise<IDBDatabase> | null} */
let database = null;

// The home's database, opened once (rejects where IndexedDB is unavailable: some private modes).
function openHome() {
  database ??= new Promise((resolve, reject) => {
    if (!globalThis.indexedDB) {
      reject(new Error("IndexedDB is not available"));
      return;
    }
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error("the site's database is held by an older tab"));
  });
  return database;
}

// One transaction on the home: `body(store)` reads and writes through the object store (awaiting
// settled(store.get(key)) between requests keeps the transaction open) and its value is returned
// once the transaction has committed; a failure (a full quota, say) rejects and writes nothing.
export async function transact(mode, body) {
  const db = await openHome();
  const transaction = db.transaction(STORE, mode);
  const done = new Promise((resolve, reject) => {
    transaction.oncomplete = resolve;
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error ?? new Error("the transaction was aborted"));
  });
  // a body that fails aborts the transaction and throws its own error, which is the one said: the
  // abort's rejection is then nobody's to handle (and would be reported as an unhandled rejection)
  done.catch(() => {});
  let value;
  try {
    value = await body(transaction.objectStore(STORE));
  } catch (error) {
    transaction.abort();
    throw error;
  }
  await done;
  return value;
}

// The values of `keys` (undefined for a missing one), read in one transaction.
export const readHome = (keys) => transact("readonly", (store) => Promise.all(keys.map((key) => settled(store.get(key)))));

export const saveKey = (game) => `save:${game}`;
