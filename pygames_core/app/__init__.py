"""What runs the games for people: the bridge the web page calls, scenarios for rules posts, and the
command line."""
