// Generated from the games' messages.py (the TypedDicts of their Rules[S, A, E, V]) by
// `python -m pygames_core.app.page_types`: do not edit.

export namespace Common {
  export interface CrawfordGameEvent {
    type: "crawford_game";
    game: number;
  }

  export interface CubeView {
    value: number;
    owner: number | null;
    offered_by: number | null;
    side: number | null;
    may_double: boolean;
  }

  export interface DealStartedEvent {
    type: "deal_started";
    deal: number;
    dealer: number;
  }

  export interface DoubleAction {
    type: "double";
  }

  export interface DoubledEvent {
    type: "doubled";
    seat: number;
    side: number;
    value: number;
  }

  export interface GameOverEvent {
    type: "game_over";
    result: Record<string, unknown>;
  }

  export interface GameRecord {
    game: number;
    side: number | null;
    points: number;
    stake: number;
    passed: boolean;
  }

  export interface MatchOverEvent {
    type: "match_over";
    winner: number;
    scores: number[];
  }

  export interface MatchView {
    scores: number[];
    target: number;
    crawford_rule: boolean;
    crawford: boolean;
    crawford_done: boolean;
    games: number;
    results: GameRecord[];
    winner: number | null;
  }

  export interface PassAction {
    type: "pass";
  }

  export interface PlayView {
    seat: number;
    card: string;
  }

  export interface Snapshot<A, V> {
    game: string;
    seat: number | null;
    options: Record<string, unknown>;
    seed: string;
    deal: string | null;
    view: V;
    current_player: number | null;
    legal: A[];
    is_over: boolean;
    result: Record<string, unknown>;
    moves: number;
    can_undo: boolean;
    save?: string;
  }

  export interface StakeWonEvent {
    game: number;
    side: number | null;
    points: number;
    stake: number;
    passed: boolean;
    type: "stake_won";
    scores: number[];
  }

  export interface TakeAction {
    type: "take";
  }

  export interface TakenEvent {
    type: "taken";
    seat: number;
    side: number;
    value: number;
  }

  export interface TrickView {
    trick: number;
    leader: number;
    plays: PlayView[];
    winner: number;
  }
}

export namespace Arsene {
  export type Action = ChooseAction | PlayAction | KeepAction | PushAction;
  export type Event = ChosenEvent | PlayedEvent | TrickWonEvent | KeptEvent | PushedEvent | DealOverEvent | Common.DealStartedEvent | Common.GameOverEvent;
  export type View = ArseneView;
  export type Snapshot = Common.Snapshot<Action, View>;

  export interface ArseneTrickView {
    leader: number;
    plays: Common.PlayView[];
    winner: number;
    taker: number;
  }

  export interface ArseneView {
    game: string;
    seat: number | null;
    players: number;
    phase: string;
    current_player: number | null;
    deal: number;
    dealer: number;
    hand: string[] | null;
    hand_sizes: number[];
    leader: number;
    trick_number: number;
    tricks_per_deal: number;
    tricks: number[];
    advanced: boolean;
    contest: boolean;
    trump: string | null;
    table: EdgeCardView[];
    trick: Common.PlayView[];
    played: ArseneTrickView[];
    out_of_play: string[];
    push: PushView | null;
    voids: string[][];
    stores: StoreView[];
    chips: number[];
    confiscated: number;
    deals: DealSummary[];
  }

  export interface ChooseAction {
    type: "choose";
    index: number;
  }

  export interface ChosenEvent {
    type: "chosen";
    seat: number;
    index: number;
    card: string;
    trump: string | null;
  }

  export interface DealOverEvent {
    type: "deal_over";
    summary: DealSummary;
  }

  export interface DealSummary {
    deal: number;
    dealer: number;
    tricks: number[];
    takes: Take[];
    collisions: number[][];
    caught: number[];
    exchanges: Exchange[];
    void_deal: boolean;
    chips_after: number[];
    contest: boolean;
  }

  export interface EdgeCardView {
    card: string | null;
    face_up: boolean;
    chosen: boolean;
  }

  export interface Exchange {
    seats: number[];
    before: number[];
    after: number[];
  }

  export interface KeepAction {
    type: "keep";
  }

  export interface KeptEvent {
    type: "kept";
    seat: number;
    forced: boolean;
  }

  export interface PlayAction {
    type: "play";
    card: string;
  }

  export interface PlayedEvent {
    seat: number;
    card: string;
    type: "played";
  }

  export interface PushAction {
    type: "push";
    to: number;
  }

  export interface PushView {
    winner: number | null;
    target: number | null;
  }

  export interface PushedEvent {
    type: "pushed";
    from: number;
    to: number;
  }

  export interface RobberyView {
    seat: number;
    chips: number;
    deal: number;
  }

  export interface StoreView {
    store: number;
    card: string;
    groups: number[];
    chips: number;
    robbed: RobberyView[];
  }

  export interface Take {
    seat: number;
    store: number;
    chips: number;
  }

  export interface TrickWonEvent {
    type: "trick_won";
    winner: number;
    trick: number;
    cards: Common.PlayView[];
    push_to: number | null;
  }
}

export namespace Chains {
  export type Action = DrawAction | PlaceAction | MoveAction | CloseAction | Common.DoubleAction | Common.TakeAction | Common.PassAction;
  export type Event = DrawnEvent | PlacedEvent | MovedEvent | ChainEvent | SoldOutEvent | TurnEvent | DeadPileEvent | LeftEvent | PassedEvent | Common.DoubledEvent | Common.TakenEvent | ChainsStakeWonEvent | Common.MatchOverEvent | Common.CrawfordGameEvent | GameStartedEvent | Common.GameOverEvent;
  export type View = ChainsView;
  export type Snapshot = Common.Snapshot<Action, View>;

  export interface ChainEvent {
    type: "chain";
    seat: number;
    end: number;
    cards: number[];
    points: number;
  }

  export interface ChainsStakeWonEvent {
    game: number;
    side: number | null;
    points: number;
    stake: number;
    passed: boolean;
    type: "stake_won";
    scores: number[];
    game_scores: number[];
  }

  export interface ChainsView {
    game: string;
    seat: number | null;
    players: number;
    solitaire: boolean;
    slots: number;
    current_player: number | null;
    over: boolean;
    threshold: number | null;
    end_cards: EndCardView[];
    tables: TableView[];
    leaving_order: number[];
    cube?: Common.CubeView;
    match?: Common.MatchView;
    turn_start?: boolean;
  }

  export interface CloseAction {
    type: "close";
    end: number;
  }

  export interface DeadPileEvent {
    type: "dead_pile";
    seat: number;
    cards: number[];
  }

  export interface DrawAction {
    type: "draw";
  }

  export interface DrawnEvent {
    type: "drawn";
    seat: number;
    card: number;
  }

  export interface EndCardView {
    number: number;
    open: number[];
    taken_by: number[];
    locked: boolean;
  }

  export interface GameStartedEvent {
    type: "game_started";
    game: number;
    seat: number;
  }

  export interface LeftEvent {
    type: "left";
    seat: number;
    reason: "no_end_cards" | "no_action";
  }

  export interface MoveAction {
    type: "move";
    slot: number;
  }

  export interface MovedEvent {
    type: "moved";
    seat: number;
    card: number;
    slot: number;
  }

  export interface PassedEvent {
    type: "passed";
    seat: number;
    side: number;
  }

  export interface PlaceAction {
    type: "place";
    to: "work" | "slot";
    slot?: number;
  }

  export interface PlacedEvent {
    type: "placed";
    seat: number;
    card: number;
    to: "work" | "slot";
    slot?: number;
  }

  export interface SoldOutEvent {
    type: "sold_out";
    number: number;
    locked: number[];
  }

  export interface TableView {
    deck: number;
    unseen: Record<string, number>;
    drawn: number | null;
    work: number[];
    slots: number[][];
    ends: number[];
    taken: number[];
    discard: number[];
    dead: number[][];
    left: boolean;
    score: number;
  }

  export interface TurnEvent {
    type: "turn";
    seat: number;
  }
}

export namespace OnSchedule {
  export type Action = VoteAction | GiveAction | PlayAction | Common.DoubleAction | Common.TakeAction | Common.PassAction;
  export type Event = VotedEvent | ScheduleEvent | GaveEvent | CardsPassedEvent | PlayedEvent | TrickWonEvent | PassedEvent | DealOverEvent | Common.DoubledEvent | Common.TakenEvent | Common.StakeWonEvent | Common.MatchOverEvent | Common.CrawfordGameEvent | Common.DealStartedEvent | Common.GameOverEvent;
  export type View = OnScheduleView;
  export type Snapshot = Common.Snapshot<Action, View>;

  export interface CardsPassedEvent {
    type: "cards_passed";
    leader: number;
  }

  export interface DealOverEvent {
    type: "deal_over";
    summary: DealSummary;
  }

  export interface DealSummary {
    deal: number;
    dealer: number;
    row: RowCard[];
    special: number[];
    points: number[];
    tricks: number[];
    team_points: number[];
    winner_team: number | null;
    victory_points: number[];
    stake?: number;
    passed?: boolean;
  }

  export interface FaceDownRowCard {
    trick: number;
    face_down: true;
  }

  export interface FaceDownTrickView {
    trick: number;
    winner: number;
    points: number;
    doubled: boolean;
    point_cards: string[];
    face_down: number;
  }

  export interface GaveEvent {
    type: "gave";
    seat: number;
  }

  export interface GiveAction {
    type: "give";
    cards: string[];
  }

  export interface OnScheduleTrickView {
    trick: number;
    leader: number;
    plays: Common.PlayView[];
    winner: number;
    points: number;
    doubled: boolean;
  }

  export interface OnScheduleView {
    game: string;
    seat: number | null;
    players: number;
    phase: string;
    current_player: number | null;
    deal: number;
    dealer: number;
    hand: string[] | null;
    hand_sizes: number[];
    leader: number;
    trick_number: number;
    tricks_per_deal: number;
    tricks: number[];
    show_played: boolean;
    target: number;
    victory_points: number[];
    piles: string[][];
    votes: VoteView[];
    row: (RowCard | FaceDownRowCard)[];
    special: number[];
    trump: string | null;
    chosen: boolean[] | null;
    gave: string[] | null;
    received: string[] | null;
    trick: Common.PlayView[];
    points: number[];
    played: (OnScheduleTrickView | FaceDownTrickView)[];
    out_of_play?: string[];
    voids?: string[][];
    deals: DealSummary[];
    cube?: Common.CubeView;
    match?: Common.MatchView;
  }

  export interface PassedEvent {
    type: "passed";
    seat: number;
    side: number;
  }

  export interface PlayAction {
    type: "play";
    card: string;
  }

  export interface PlayedEvent {
    seat: number;
    card: string;
    type: "played";
  }

  export interface RowCard {
    trick: number;
    card: string;
    suit: string;
    seat: number;
  }

  export interface ScheduleEvent {
    type: "schedule";
    row: RowCard[];
    special: number[];
  }

  export interface TrickWonEvent {
    type: "trick_won";
    trick: number;
    leader: number;
    plays: Common.PlayView[];
    winner: number;
    points: number;
    doubled: boolean;
  }

  export interface VoteAction {
    type: "vote";
    suit: string;
  }

  export interface VoteView {
    seat: number;
    card: string;
    suit: string;
  }

  export interface VotedEvent {
    type: "voted";
    seat: number;
    vote: number;
    suit: string;
    card: string;
  }
}

export namespace Dominuxen {
  export type Action = PlayAction | AnswerAction | DrawAction;
  export type Event = PlayedEvent | HitEvent | TurnEvent | TakenEvent | DeclinedEvent | LostSetEvent | DrewEvent | RefilledEvent | GameEndedEvent | GameStartedEvent | Common.GameOverEvent;
  export type View = DominuxenView;
  export type Snapshot = Common.Snapshot<Action, View>;

  export interface AnswerAction {
    type: "take" | "decline" | "take_back" | "discard";
  }

  export interface DeclinedEvent {
    type: "declined";
    attacker: number;
    victim: number;
  }

  export interface DominuxenView {
    game: string;
    seat: number | null;
    players: number;
    phase: string;
    current_player: number | null;
    doubles: boolean;
    highest_number: number;
    games: number;
    game_number: number;
    first_player: number;
    turn: number;
    turn_number: number;
    hand: string[] | null;
    hand_sizes: number[];
    known: string[][];
    rows: SetView[][];
    display: string[];
    supply_size: number;
    discard: string[];
    snatch: SnatchView | null;
    row_points: number[];
    totals: number[];
    finished_games: GameSummary[];
  }

  export interface DrawAction {
    type: "draw";
    source: "display" | "supply";
    tile?: string;
  }

  export interface DrewEvent {
    type: "drew";
    seat: number;
    source: "display" | "supply";
    tile?: string;
    forced: boolean;
  }

  export interface GameEndedEvent {
    type: "game_ended";
    summary: GameSummary;
  }

  export interface GameStartedEvent {
    type: "game_started";
    game: number;
    first_player: number;
  }

  export interface GameSummary {
    game: number;
    first_player: number;
    reason: string;
    ended_by: number | null;
    scores: number[];
    totals: number[];
    rows: number[];
    hands: string[][];
  }

  export interface HitEvent {
    type: "hit";
    attacker: number;
    victim: number;
    set: SetView;
  }

  export interface LostSetEvent {
    type: "taken_back" | "discarded";
    seat: number;
    tiles: string[];
  }

  export interface PlayAction {
    type: "play";
    number: number;
    tiles: string[];
    doubled?: string[];
  }

  export interface PlayedEvent {
    type: "played";
    seat: number;
    set: SetView;
  }

  export interface RefilledEvent {
    type: "refilled";
    tiles: string[];
  }

  export interface SetView {
    number: number;
    tiles: string[];
    doubled: string[];
    size: number;
  }

  export interface SnatchView {
    attacker: number;
    victim: number | null;
    played: SetView;
    target: SetView | null;
    checked: number[];
    draws_left: number;
  }

  export interface TakenEvent {
    type: "taken";
    attacker: number;
    victim: number;
    tiles: string[];
  }

  export interface TurnEvent {
    type: "turn";
    seat: number;
    turn: number;
  }
}

export namespace Apples {
  export type Action = PassAction | BidAction | CardAction;
  export type Event = BidView | PassedEvent | RedealEvent | DeclarerEvent | DiscardedEvent | PileDealtEvent | TargetSetEvent | PlayStartedEvent | PlayedEvent | TrickWonEvent | DealOverEvent | Common.DealStartedEvent | Common.GameOverEvent;
  export type View = ApplesView;
  export type Snapshot = Common.Snapshot<Action, View>;

  export interface ApplesView {
    game: string;
    seat: number | null;
    players: number;
    phase: string;
    current_player: number | null;
    deal: number;
    dealer: number;
    hand: string[] | null;
    hand_sizes: number[];
    leader: number;
    trick_number: number;
    tricks_per_deal: number;
    tricks: number[];
    scores: number[];
    scoring: Scoring;
    bids: (BidView | PassView)[];
    bid_suits: string[];
    standing_bid: BidView | PassView | null;
    declarer: number | null;
    count: number;
    trump: string | null;
    discarded: number[];
    discards: string[] | null;
    received: string[] | null;
    targets_set: boolean[];
    target: string | null;
    trick: Common.PlayView[];
    captured: string[][];
    played: Common.TrickView[];
    voids: string[][];
    deals: DealSummary[];
  }

  export interface BidAction {
    type: "bid";
    count: number;
    suit: string;
  }

  export interface BidView {
    seat: number;
    type: "bid";
    count: number;
    suit: string;
  }

  export interface CardAction {
    type: "discard" | "target" | "play";
    card: string;
  }

  export interface DealOverEvent {
    type: "deal_over";
    summary: DealSummary;
  }

  export interface DealSummary {
    deal: number;
    dealer: number;
    declarer: number | null;
    bid: WinningBid;
    targets: (string | null)[];
    captured: string[][];
    sets: SetScore[][];
    points: number[];
    scores: number[];
  }

  export interface DeclarerEvent {
    type: "declarer";
    seat: number;
    count: number;
    suit: string;
  }

  export interface DiscardedEvent {
    type: "discarded";
    seat: number;
  }

  export interface PassAction {
    type: "pass";
  }

  export interface PassView {
    seat: number;
    type: "pass";
  }

  export interface PassedEvent {
    seat: number;
    type: "passed";
  }

  export interface PileDealtEvent {
    type: "pile_dealt";
    count: number;
  }

  export interface PlayStartedEvent {
    type: "play_started";
    leader: number;
  }

  export interface PlayedEvent {
    seat: number;
    card: string;
    type: "played";
  }

  export interface RedealEvent {
    type: "redeal";
    dealer: number;
  }

  export interface Scoring {
    sets: ScoringSet[];
    target: Record<string, number | string>;
    goal: number;
    reconstructed: boolean;
  }

  export interface ScoringSet {
    ranks: string[];
    pair: number;
    triple: number;
    four: number;
  }

  export interface SetScore {
    rank: string;
    count: number;
    target: boolean;
    points: number;
  }

  export interface TargetSetEvent {
    type: "target_set";
    seat: number;
  }

  export interface TrickWonEvent {
    trick: number;
    leader: number;
    plays: Common.PlayView[];
    winner: number;
    type: "trick_won";
  }

  export interface WinningBid {
    count: number;
    suit: string | null;
  }
}

export namespace RollerDerby {
  export type Action = RollAction | GiveAction | TrumpAction | BuyAction | DiscardAction | DeclareAction | PlayAction;
  export type Event = RolledEvent | SetAsideEvent | GaveEvent | CardsPassedEvent | TrumpNamedEvent | JokersBoughtEvent | DiscardedEvent | DeclaredEvent | PlayedEvent | TrickWonEvent | DealOverEvent | DerbyDealStartedEvent | Common.GameOverEvent;
  export type View = RollerDerbyView;
  export type Snapshot = Common.Snapshot<Action, View>;

  export interface BuyAction {
    type: "buy";
    jokers: number;
  }

  export interface CardsPassedEvent {
    type: "cards_passed";
    team: number;
  }

  export interface DealOverEvent {
    type: "deal_over";
    summary: DealSummary;
  }

  export interface DealSummary {
    deal: number;
    dealer: number;
    roller: number;
    rolling_team: number;
    dice: number[];
    target: number;
    trump: string | null;
    all_or_nothing: boolean;
    jokers: number;
    tricks: number;
    tricks_by_seat: number[];
    points: number;
    joker_cost: number;
    score: number;
    team_scores: number[];
  }

  export interface DeclareAction {
    type: "declare";
    all_or_nothing: boolean;
  }

  export interface DeclaredEvent {
    type: "declared";
    seat: number;
    all_or_nothing: boolean | null;
  }

  export interface DerbyDealStartedEvent {
    type: "deal_started";
    deal: number;
    dealer: number;
    roller: number;
  }

  export interface DiscardAction {
    type: "discard";
    card: string;
  }

  export interface DiscardedEvent {
    type: "discarded";
    seat: number;
  }

  export interface GaveEvent {
    type: "gave";
    seat: number;
  }

  export interface GiveAction {
    type: "give";
    card: string;
  }

  export interface JokersBoughtEvent {
    type: "jokers_bought";
    seat: number;
    jokers: number;
    cost: number;
  }

  export interface OptionsView {
    deals: number;
    jokers: boolean;
    d12: boolean;
    privilege: boolean;
  }

  export interface PlayAction {
    type: "play";
    card: string;
    suit?: string;
    rank?: string;
  }

  export interface PlayView {
    seat: number;
    card: string;
    suit: string;
    rank?: string;
  }

  export interface PlayedEvent {
    seat: number;
    card: string;
    suit: string;
    rank?: string;
    type: "played";
  }

  export interface RollAction {
    type: "roll";
  }

  export interface RolledEvent {
    type: "rolled";
    seat: number;
    dice: number[];
    target: number | null;
  }

  export interface RollerDerbyView {
    game: string;
    seat: number | null;
    players: number;
    phase: string;
    current_player: number | null;
    deal: number;
    dealer: number;
    hand: string[] | null;
    hand_sizes: number[];
    leader: number;
    trick_number: number;
    tricks_per_deal: number;
    tricks: number[];
    options: OptionsView;
    deals_total: number;
    roller: number;
    rolling_team: number;
    dice: number[];
    target: number | null;
    trump: string | null;
    jokers_bought: number;
    joker_price: number;
    discards: string[] | null;
    discard_count: number;
    all_or_nothing: boolean | null;
    chosen: boolean[];
    exchanged: boolean[];
    pass_size: number;
    gave: string[] | null;
    received: string[] | null;
    trick: PlayView[];
    rolling_tricks: number;
    played: TrickView[];
    out_of_play: string[];
    voids: string[][];
    team_scores: number[];
    deals: DealSummary[];
  }

  export interface SetAsideEvent {
    type: "set_aside";
    seat: number;
    count: number;
  }

  export interface TrickView {
    trick: number;
    leader: number;
    plays: PlayView[];
    winner: number;
  }

  export interface TrickWonEvent {
    trick: number;
    leader: number;
    plays: PlayView[];
    winner: number;
    type: "trick_won";
    rolling_tricks: number;
  }

  export interface TrumpAction {
    type: "trump";
    suit: string;
  }

  export interface TrumpNamedEvent {
    type: "trump_named";
    seat: number;
    trump: string | null;
  }
}
