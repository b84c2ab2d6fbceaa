# fish completion for cardqr. Generated from the command tree by `cardqr completion fish`; do not edit.
# Install: cardqr completion fish > ~/.config/fish/completions/cardqr.fish

# __cardqr_node_path: the command path on the line so far (e.g. "cards list"), flag values skipped.
function __cardqr_node_path
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l path ''
    set -l skip 0
    set -l pos 0
    for t in $tokens
        if test $skip = 1
            set skip 0
            continue
        end
        switch $t
            case --
                break
            case '--*=*'
            case '-?*'
                __cardqr_takes_value "$path" $t; and set skip 1
            case '*'
                set -l sub (__cardqr_resolve "$path" $t)
                if test $pos = 0 -a -n "$sub"
                    set path (string trim -- "$path $sub")
                else
                    set pos (math $pos + 1)
                end
        end
    end
    echo $path
    echo $pos
end

# Cached per command line: every condition below asks for it.
function __cardqr_state
    set -l line (commandline -pc)
    if test "$line" != "$__cardqr_cache_line"; or not set -q __cardqr_cache_state
        set -g __cardqr_cache_line $line
        set -g __cardqr_cache_state (__cardqr_node_path)
    end
    printf '%s\n' $__cardqr_cache_state
end

function __cardqr_using
    test (__cardqr_state)[1] = "$argv[1]"
end

# True once part of a word is typed (aliases are offered only then).
function __cardqr_typed
    test -n (commandline -ct)
end

# __cardqr_arg_index N|N+: the word being completed is positional argument N (or N and later).
function __cardqr_arg_index
    string match -q -- '-*' (commandline -ct); and return 1
    set -l pos (__cardqr_state)[2]
    switch $argv[1]
        case '*+'
            test $pos -ge (string replace '+' '' -- $argv[1])
        case '*'
            test $pos -eq $argv[1]
    end
end

function __cardqr_resolve
    switch "$argv[1]|$argv[2]"
        case '|profiles'
            echo 'profiles'
        case '|me'
            echo 'me'
        case '|status'
            echo 'status'
        case '|cards'
            echo 'cards'
        case '|qr'
            echo 'qr'
        case '|templates'
            echo 'templates'
        case '|image'
            echo 'image'
        case '|print'
            echo 'print'
        case '|analytics'
            echo 'analytics'
        case '|report'
            echo 'report'
        case '|leads'
            echo 'leads'
        case '|serve'
            echo 'serve'
        case '|campaigns'
            echo 'campaigns'
        case '|mcp'
            echo 'mcp'
        case '|plans'
            echo 'plans'
        case '|api'
            echo 'api'
        case '|emulator'
            echo 'emulator'
        case '|completion'
            echo 'completion'
        case 'profiles|add'
            echo 'add'
        case 'profiles|list' 'profiles|ls'
            echo 'list'
        case 'profiles|use'
            echo 'use'
        case 'profiles|show'
            echo 'show'
        case 'profiles|remove' 'profiles|rm'
            echo 'remove'
        case 'profiles|set'
            echo 'set'
        case 'cards|list' 'cards|ls'
            echo 'list'
        case 'cards|get'
            echo 'get'
        case 'cards|create'
            echo 'create'
        case 'cards|update'
            echo 'update'
        case 'cards|delete' 'cards|rm'
            echo 'delete'
        case 'cards|wallet'
            echo 'wallet'
        case 'qr|list' 'qr|ls'
            echo 'list'
        case 'qr|get'
            echo 'get'
        case 'qr|create'
            echo 'create'
        case 'qr|update'
            echo 'update'
        case 'qr|delete' 'qr|rm'
            echo 'delete'
        case 'qr|apply'
            echo 'apply'
        case 'qr|pause'
            echo 'pause'
        case 'qr|publish'
            echo 'publish'
        case 'qr|archive'
            echo 'archive'
        case 'templates|list' 'templates|ls'
            echo 'list'
        case 'templates|get'
            echo 'get'
        case 'print|audit'
            echo 'audit'
        case 'print|retarget'
            echo 'retarget'
        case 'analytics|overview'
            echo 'overview'
        case 'analytics|get'
            echo 'get'
        case 'analytics|snapshot'
            echo 'snapshot'
        case 'analytics|history'
            echo 'history'
        case 'analytics|drift'
            echo 'drift'
        case 'analytics|migrate'
            echo 'migrate'
        case 'report|weekly'
            echo 'weekly'
        case 'leads|list' 'leads|ls'
            echo 'list'
        case 'leads|get'
            echo 'get'
        case 'leads|export'
            echo 'export'
        case 'leads|follow'
            echo 'follow'
        case 'leads|replay'
            echo 'replay'
        case 'leads|crm-report'
            echo 'crm-report'
        case 'campaigns|list' 'campaigns|ls'
            echo 'list'
        case 'campaigns|get'
            echo 'get'
        case 'campaigns|schema'
            echo 'schema'
        case 'campaigns|test'
            echo 'test'
        case 'campaigns|create-card'
            echo 'create-card'
        case 'campaigns|import'
            echo 'import'
        case 'plans|list'
            echo 'list'
        case 'plans|show'
            echo 'show'
        case 'plans|approve'
            echo 'approve'
        case 'plans|cancel'
            echo 'cancel'
    end
end

function __cardqr_takes_value
    switch "$argv[1]|$argv[2]"
        case 'profiles add|--api-key-command'
            return 0
        case 'profiles add|--ca-file'
            return 0
        case 'profiles set|--ca-file'
            return 0
        case 'cards list|--search'
            return 0
        case 'cards list|--template'
            return 0
        case 'cards list|--status'
            return 0
        case 'cards list|--limit'
            return 0
        case 'cards list|--offset'
            return 0
        case 'cards create|--name'
            return 0
        case 'cards create|--template'
            return 0
        case 'cards create|--short-code'
            return 0
        case 'cards create|--status'
            return 0
        case 'cards create|--field'
            return 0
        case 'cards create|--email'
            return 0
        case 'cards create|--phone'
            return 0
        case 'cards create|--link'
            return 0
        case 'cards create|--data'
            return 0
        case 'cards create|--idempotency-key'
            return 0
        case 'cards update|--template'
            return 0
        case 'cards update|--field'
            return 0
        case 'cards update|--email'
            return 0
        case 'cards update|--phone'
            return 0
        case 'cards update|--link'
            return 0
        case 'cards update|--data'
            return 0
        case 'cards update|--idempotency-key'
            return 0
        case 'cards delete|--report'
            return 0
        case 'qr list|--search'
            return 0
        case 'qr list|--status'
            return 0
        case 'qr list|--type'
            return 0
        case 'qr list|--limit'
            return 0
        case 'qr list|--offset'
            return 0
        case 'qr create|--name'
            return 0
        case 'qr create|--url'
            return 0
        case 'qr create|--short-code'
            return 0
        case 'qr create|--status'
            return 0
        case 'qr create|--idempotency-key'
            return 0
        case 'qr update|--name'
            return 0
        case 'qr update|--url'
            return 0
        case 'qr update|--status'
            return 0
        case 'qr update|--idempotency-key'
            return 0
        case 'qr delete|--report'
            return 0
        case 'qr apply|--map'
            return 0
        case 'qr apply|--map-file'
            return 0
        case 'qr apply|--report'
            return 0
        case 'qr pause|--report'
            return 0
        case 'qr publish|--report'
            return 0
        case 'qr archive|--report'
            return 0
        case 'templates list|--limit'
            return 0
        case 'templates list|--offset'
            return 0
        case 'image|-f' 'image|--format'
            return 0
        case 'image|--size'
            return 0
        case 'image|-O' 'image|--out'
            return 0
        case 'image|-d' 'image|--dir'
            return 0
        case 'print|-O' 'print|--out'
            return 0
        case 'print|--sheet'
            return 0
        case 'print|--grid'
            return 0
        case 'print|--cell'
            return 0
        case 'print|--margin'
            return 0
        case 'print|--gap'
            return 0
        case 'print|--page'
            return 0
        case 'print|--padding'
            return 0
        case 'print|--size'
            return 0
        case 'print|--bleed'
            return 0
        case 'print|--caption'
            return 0
        case 'print|--font'
            return 0
        case 'print|--dpi'
            return 0
        case 'print|--from-report'
            return 0
        case 'print retarget|--url'
            return 0
        case 'print retarget|--report'
            return 0
        case 'analytics overview|--range'
            return 0
        case 'analytics overview|--tz'
            return 0
        case 'analytics get|--range'
            return 0
        case 'analytics get|--tz'
            return 0
        case 'analytics snapshot|--store'
            return 0
        case 'analytics snapshot|--tz'
            return 0
        case 'analytics snapshot|--wait'
            return 0
        case 'analytics history|--store'
            return 0
        case 'analytics history|--tz'
            return 0
        case 'analytics history|--since'
            return 0
        case 'analytics history|--by'
            return 0
        case 'analytics history|--group'
            return 0
        case 'analytics drift|--store'
            return 0
        case 'analytics drift|--tz'
            return 0
        case 'analytics drift|--window'
            return 0
        case 'analytics drift|--threshold'
            return 0
        case 'analytics drift|--silent'
            return 0
        case 'analytics migrate|--store'
            return 0
        case 'analytics migrate|--wait'
            return 0
        case 'report weekly|--store'
            return 0
        case 'report weekly|--tz'
            return 0
        case 'report weekly|--out'
            return 0
        case 'report weekly|--exec'
            return 0
        case 'report weekly|--forward-to'
            return 0
        case 'report weekly|--week'
            return 0
        case 'report weekly|--wait'
            return 0
        case 'leads list|--card'
            return 0
        case 'leads list|--source'
            return 0
        case 'leads list|--crm-status'
            return 0
        case 'leads list|--preset'
            return 0
        case 'leads list|--vcard-version'
            return 0
        case 'leads list|--since'
            return 0
        case 'leads list|--tz'
            return 0
        case 'leads list|--limit'
            return 0
        case 'leads list|--offset'
            return 0
        case 'leads get|--vcard-version'
            return 0
        case 'leads export|--state'
            return 0
        case 'leads export|--out'
            return 0
        case 'leads export|--since'
            return 0
        case 'leads export|--tz'
            return 0
        case 'leads export|--locked-window'
            return 0
        case 'leads export|--preset'
            return 0
        case 'leads export|--vcard-version'
            return 0
        case 'leads follow|--state'
            return 0
        case 'leads follow|--interval'
            return 0
        case 'leads follow|--exec'
            return 0
        case 'leads follow|--forward-to'
            return 0
        case 'leads follow|--dead-letter'
            return 0
        case 'leads follow|--max-attempts'
            return 0
        case 'leads follow|--delivery-timeout'
            return 0
        case 'leads follow|--since'
            return 0
        case 'leads follow|--tz'
            return 0
        case 'leads follow|--locked-window'
            return 0
        case 'leads replay|--delivery-timeout'
            return 0
        case 'leads crm-report|--since'
            return 0
        case 'leads crm-report|--tz'
            return 0
        case 'serve|--port'
            return 0
        case 'serve|--store'
            return 0
        case 'serve|--tz'
            return 0
        case 'campaigns list|--limit'
            return 0
        case 'campaigns list|--offset'
            return 0
        case 'campaigns test|--data'
            return 0
        case 'campaigns create-card|--data'
            return 0
        case 'campaigns create-card|--idempotency-key'
            return 0
        case 'campaigns import|--set'
            return 0
        case 'campaigns import|--report'
            return 0
        case 'campaigns import|--delimiter'
            return 0
        case 'campaigns import|--map'
            return 0
        case 'campaigns import|--map-file'
            return 0
        case 'campaigns import|--encoding'
            return 0
        case 'campaigns import|--concurrency'
            return 0
        case 'campaigns import|--rate'
            return 0
        case 'campaigns import|--id-column'
            return 0
        case 'campaigns import|--rejects'
            return 0
        case 'campaigns import|--max-rows'
            return 0
        case 'campaigns import|--max-trash'
            return 0
        case 'mcp|--toolsets'
            return 0
        case 'mcp|--max-writes'
            return 0
        case 'mcp|--max-trash'
            return 0
        case 'mcp|--port'
            return 0
        case 'mcp|--print-config'
            return 0
        case 'api|--data'
            return 0
        case 'api|-p' 'api|--param'
            return 0
        case 'api|-O' 'api|--out'
            return 0
        case 'api|--idempotency-key'
            return 0
        case 'emulator|--port'
            return 0
        case 'emulator|--host'
            return 0
        case 'emulator|--seed'
            return 0
        case 'emulator|--state'
            return 0
        case 'emulator|--rate-limit'
            return 0
        case 'emulator|--latency'
            return 0
        case 'emulator|--fault-rate'
            return 0
        case 'emulator|--profile'
            return 0
        case 'emulator|--clock'
            return 0
        case '*|''--profile'
            return 0
        case '*|''--base-url'
            return 0
        case '*|''-o' '*|''--output'
            return 0
        case '*|''--fields'
            return 0
        case '*|''--query'
            return 0
        case '*|''--timeout'
            return 0
        case '*|''--max-retries'
            return 0
        case '*|''--csv-dialect'
            return 0
        case '*|''--csv-delimiter'
            return 0
    end
    return 1
end

function __cardqr_profiles
    set -l bin (commandline -opc)[1]
    command $bin __complete profiles 2>/dev/null
end

complete -c cardqr -f
complete -c cardqr -n '__cardqr_using ""; and __cardqr_arg_index 0' -f -a 'profiles' -d 'Store, list and switch API keys and base URLs'
complete -c cardqr -n '__cardqr_using ""; and __cardqr_arg_index 0' -f -a 'me' -d 'Show the key in use: profile and base URL, account, plan, scopes, rate limit, and which commands it may use'
complete -c cardqr -n '__cardqr_using ""; and __cardqr_arg_index 0' -f -a 'status' -d 'Check every stored profile (and a key in CARDQR_API_KEY) with GET /me: reachable, key valid, account, plan, scopes'
complete -c cardqr -n '__cardqr_using ""; and __cardqr_arg_index 0' -f -a 'cards' -d 'Digital business cards: list, show, create, update, delete, wallet links'
complete -c cardqr -n '__cardqr_using ""; and __cardqr_arg_index 0' -f -a 'qr' -d 'Dynamic QR codes (every non-card code): list, show, create, update, pause, publish, archive, delete, apply a file'
complete -c cardqr -n '__cardqr_using ""; and __cardqr_arg_index 0' -f -a 'templates' -d 'Card templates and the field rules each imposes'
complete -c cardqr -n '__cardqr_using ""; and __cardqr_arg_index 0' -f -a 'image' -d 'Save the QR image of cards or QR codes to files (or one image to standard output)'
complete -c cardqr -n '__cardqr_using ""; and __cardqr_arg_index 0' -f -a 'print' -d 'Lay out QR codes of cards or QR codes into one print-ready PDF (label sheets or one per page)'
complete -c cardqr -n '__cardqr_using ""; and __cardqr_arg_index 0' -f -a 'analytics' -d 'Read scan analytics: totals, trend, daily timeline, countries and devices; keep their history'
complete -c cardqr -n '__cardqr_using ""; and __cardqr_arg_index 0' -f -a 'report' -d 'Reports from the scan history store, sent once per period'
complete -c cardqr -n '__cardqr_using ""; and __cardqr_arg_index 0' -f -a 'leads' -d 'List, show, export and follow leads, and replay deliveries that failed (form submissions, contact exchanges, scanned and typed-in cards)'
complete -c cardqr -n '__cardqr_using ""; and __cardqr_arg_index 0' -f -a 'serve' -d 'Serve a local dashboard on 127.0.0.1: scans over time, leads, CRM, print runs, agent plans (the key stays here)'
complete -c cardqr -n '__cardqr_using ""; and __cardqr_arg_index 0' -f -a 'campaigns' -d 'Campaign ingestion: read campaigns and schemas, dry-run a record, create cards, import a CSV'
complete -c cardqr -n '__cardqr_using ""; and __cardqr_arg_index 0' -f -a 'mcp' -d 'Serve this account to an AI agent over the Model Context Protocol: free reads, writes only as approved plans'
complete -c cardqr -n '__cardqr_using ""; and __cardqr_arg_index 0' -f -a 'plans' -d 'Agents\' plans (cardqr mcp): list, show, approve a destructive one at your terminal, cancel'
complete -c cardqr -n '__cardqr_using ""; and __cardqr_arg_index 0' -f -a 'api' -d 'Make a raw API call through the same client (auth, retries, errors)'
complete -c cardqr -n '__cardqr_using ""; and __cardqr_arg_index 0' -f -a 'emulator' -d 'Run the local emulator of the whole API (for rehearsal: the real service has no sandbox)'
complete -c cardqr -n '__cardqr_using ""; and __cardqr_arg_index 0' -f -a 'completion' -d 'Print the shell completion script for bash, zsh or fish (it never edits rc files)'
complete -c cardqr -n '__cardqr_using ""' -s V -l version -d 'print the version (also -v, cardqr version)'
complete -c cardqr -n '__cardqr_using ""' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "profiles"; and __cardqr_arg_index 0' -f -a 'add' -d 'Add (or replace) a profile: base URL and API key, verified with GET /me; with only --ca-file, set the CA file of a stored profile'
complete -c cardqr -n '__cardqr_using "profiles"; and __cardqr_arg_index 0' -f -a 'list' -d 'List stored profiles (keys masked; * marks the default)'
complete -c cardqr -n '__cardqr_using "profiles"; and __cardqr_arg_index 0; and __cardqr_typed' -f -a 'ls' -d 'List stored profiles (keys masked; * marks the default) (alias of list)'
complete -c cardqr -n '__cardqr_using "profiles"; and __cardqr_arg_index 0' -f -a 'use' -d 'Make a profile the default'
complete -c cardqr -n '__cardqr_using "profiles"; and __cardqr_arg_index 0' -f -a 'show' -d 'Show one profile (default: the one in use)'
complete -c cardqr -n '__cardqr_using "profiles"; and __cardqr_arg_index 0' -f -a 'remove' -d 'Remove a profile and its stored key'
complete -c cardqr -n '__cardqr_using "profiles"; and __cardqr_arg_index 0; and __cardqr_typed' -f -a 'rm' -d 'Remove a profile and its stored key (alias of remove)'
complete -c cardqr -n '__cardqr_using "profiles"; and __cardqr_arg_index 0' -f -a 'set' -d 'Change a stored profile\'s CA file, without asking for its key again (verified with GET /me)'
complete -c cardqr -n '__cardqr_using "profiles"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "profiles add"' -l default -d 'make it the default profile'
complete -c cardqr -n '__cardqr_using "profiles add"' -l no-verify -d 'store without calling GET /me'
complete -c cardqr -n '__cardqr_using "profiles add"' -l api-key-command -x -d 'store this command instead of the key: each run executes it (sh -c, 30 s timeout) and uses the first line it prints, e.g. \'pass show cardqr/prod\''
complete -c cardqr -n '__cardqr_using "profiles add"' -l ca-file -r -F -d 'a PEM file of CA certificates to trust for this API, besides Node\'s and the system\'s (stored as an absolute path; "" drops it)'
complete -c cardqr -n '__cardqr_using "profiles add"' -l no-ca-file -d 'drop the profile\'s CA file: trust only Node\'s roots, the system store and NODE_EXTRA_CA_CERTS'
complete -c cardqr -n '__cardqr_using "profiles add"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "profiles list"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "profiles use"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "profiles use"; and __cardqr_arg_index 0' -f -a '(__cardqr_profiles)'
complete -c cardqr -n '__cardqr_using "profiles show"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "profiles show"; and __cardqr_arg_index 0' -f -a '(__cardqr_profiles)'
complete -c cardqr -n '__cardqr_using "profiles remove"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "profiles remove"; and __cardqr_arg_index 0' -f -a '(__cardqr_profiles)'
complete -c cardqr -n '__cardqr_using "profiles set"' -l no-verify -d 'store without calling GET /me'
complete -c cardqr -n '__cardqr_using "profiles set"' -l ca-file -r -F -d 'a PEM file of CA certificates to trust for this API, besides Node\'s and the system\'s (stored as an absolute path; "" drops it)'
complete -c cardqr -n '__cardqr_using "profiles set"' -l no-ca-file -d 'drop the profile\'s CA file: trust only Node\'s roots, the system store and NODE_EXTRA_CA_CERTS'
complete -c cardqr -n '__cardqr_using "profiles set"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "profiles set"; and __cardqr_arg_index 0' -f -a '(__cardqr_profiles)'
complete -c cardqr -n '__cardqr_using "me"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "status"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "cards"; and __cardqr_arg_index 0' -f -a 'list' -d 'List business cards, newest first (archived cards only with --status archived)'
complete -c cardqr -n '__cardqr_using "cards"; and __cardqr_arg_index 0; and __cardqr_typed' -f -a 'ls' -d 'List business cards, newest first (archived cards only with --status archived) (alias of list)'
complete -c cardqr -n '__cardqr_using "cards"; and __cardqr_arg_index 0' -f -a 'get' -d 'Show one card: status, paused flag, public URLs and the person\'s fields'
complete -c cardqr -n '__cardqr_using "cards"; and __cardqr_arg_index 0' -f -a 'create' -d 'Create a business card (published by default; counts against the plan\'s card allowance)'
complete -c cardqr -n '__cardqr_using "cards"; and __cardqr_arg_index 0' -f -a 'update' -d 'Change a card\'s fields (merged into its current data unless --replace); asks before clearing data or renaming (--yes in scripts)'
complete -c cardqr -n '__cardqr_using "cards"; and __cardqr_arg_index 0' -f -a 'delete' -d 'Move cards to Trash: their public URLs stop at once (restore only in the dashboard)'
complete -c cardqr -n '__cardqr_using "cards"; and __cardqr_arg_index 0; and __cardqr_typed' -f -a 'rm' -d 'Move cards to Trash: their public URLs stop at once (restore only in the dashboard) (alias of delete)'
complete -c cardqr -n '__cardqr_using "cards"; and __cardqr_arg_index 0' -f -a 'wallet' -d 'Show a card\'s Apple and Google wallet pass links and install counts'
complete -c cardqr -n '__cardqr_using "cards"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "cards list"' -l search -x -d 'case-insensitive partial match on the name, up to 200 characters'
complete -c cardqr -n '__cardqr_using "cards list"' -l template -x -d 'only cards built from this template'
complete -c cardqr -n '__cardqr_using "cards list"' -l status -x -a 'draft published paused archived' -d 'only cards with this status'
complete -c cardqr -n '__cardqr_using "cards list"' -l limit -x -d 'items per page, 1-100 (default: 25)'
complete -c cardqr -n '__cardqr_using "cards list"' -l offset -x -d 'items to skip (default: 0)'
complete -c cardqr -n '__cardqr_using "cards list"' -l all -d 'follow every page, streaming items as they arrive'
complete -c cardqr -n '__cardqr_using "cards list"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "cards get"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "cards create"' -l name -x -d 'label shown in the dashboard, 1-200 characters (default: first + last name)'
complete -c cardqr -n '__cardqr_using "cards create"' -l template -x -d 'template whose design and field rules the card takes (rules are checked before sending)'
complete -c cardqr -n '__cardqr_using "cards create"' -l short-code -x -d 'slug of the public URL: letters, digits, hyphens, up to 100 (default: random 8 characters)'
complete -c cardqr -n '__cardqr_using "cards create"' -l status -x -a 'draft published' -d 'initial status (default: published)'
complete -c cardqr -n '__cardqr_using "cards create"' -l allow-empty -d 'create the card even with no field given (an "Untitled card" still counts against the allowance)'
complete -c cardqr -n '__cardqr_using "cards create"' -l dry-run -d 'print the request body that would be sent and send nothing (the template is still read to check its rules)'
complete -c cardqr -n '__cardqr_using "cards create"' -l field -x -d 'set a field, e.g. title=CTO or address.city=Lyon; an empty value clears it (repeatable)'
complete -c cardqr -n '__cardqr_using "cards create"' -l email -x -d 'an email address, e.g. Work=ada@example.com (repeatable; gives the whole emails list)'
complete -c cardqr -n '__cardqr_using "cards create"' -l phone -x -d 'a phone number, e.g. Mobile=+33612345678 (repeatable; gives the whole phones list)'
complete -c cardqr -n '__cardqr_using "cards create"' -l link -x -d 'a link, e.g. linkedin=linkedin.com/in/ada (repeatable; gives the whole links list)'
complete -c cardqr -n '__cardqr_using "cards create"' -l data -x -d 'fields as JSON: @file.json, - for stdin, or inline; a {"fields": {...}} document, or a card as `cards get -o json` prints it (its other keys are not sent), also works'
complete -c cardqr -n '__cardqr_using "cards create"' -l allow-unknown-fields -d 'send field keys this tool does not know (the API drops unknown keys silently)'
complete -c cardqr -n '__cardqr_using "cards create"' -l idempotency-key -x -d 'Idempotency-Key for this write, up to 255 characters; reuse it to retry safely (default: random)'
complete -c cardqr -n '__cardqr_using "cards create"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "cards update"' -l template -x -d 'link the card to this template\'s field rules'
complete -c cardqr -n '__cardqr_using "cards update"' -l unlink-template -d 'unlink the card from its template (templateId null)'
complete -c cardqr -n '__cardqr_using "cards update"' -l replace -d 'send exactly the given fields: scalar fields not given are CLEARED (rich sections not given are kept)'
complete -c cardqr -n '__cardqr_using "cards update"' -l dry-run -d 'print the merged document that would be sent (PATCH body) and what it would clear or rename; send nothing'
complete -c cardqr -n '__cardqr_using "cards update"' -l field -x -d 'set a field, e.g. title=CTO or address.city=Lyon; an empty value clears it (repeatable)'
complete -c cardqr -n '__cardqr_using "cards update"' -l email -x -d 'an email address, e.g. Work=ada@example.com (repeatable; gives the whole emails list)'
complete -c cardqr -n '__cardqr_using "cards update"' -l phone -x -d 'a phone number, e.g. Mobile=+33612345678 (repeatable; gives the whole phones list)'
complete -c cardqr -n '__cardqr_using "cards update"' -l link -x -d 'a link, e.g. linkedin=linkedin.com/in/ada (repeatable; gives the whole links list)'
complete -c cardqr -n '__cardqr_using "cards update"' -l data -x -d 'fields as JSON: @file.json, - for stdin, or inline; a {"fields": {...}} document, or a card as `cards get -o json` prints it (its other keys are not sent), also works'
complete -c cardqr -n '__cardqr_using "cards update"' -l allow-unknown-fields -d 'send field keys this tool does not know (the API drops unknown keys silently)'
complete -c cardqr -n '__cardqr_using "cards update"' -l idempotency-key -x -d 'Idempotency-Key for this write, up to 255 characters; reuse it to retry safely (default: random)'
complete -c cardqr -n '__cardqr_using "cards update"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "cards delete"' -l report -r -F -d 'an append-only NDJSON report of every deletion'
complete -c cardqr -n '__cardqr_using "cards delete"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "cards wallet"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "qr"; and __cardqr_arg_index 0' -f -a 'list' -d 'List every QR code that is not a card, newest first (archived ones only with --status archived)'
complete -c cardqr -n '__cardqr_using "qr"; and __cardqr_arg_index 0; and __cardqr_typed' -f -a 'ls' -d 'List every QR code that is not a card, newest first (archived ones only with --status archived) (alias of list)'
complete -c cardqr -n '__cardqr_using "qr"; and __cardqr_arg_index 0' -f -a 'get' -d 'Show one QR code: status, paused flag, short link, destination and scan count'
complete -c cardqr -n '__cardqr_using "qr"; and __cardqr_arg_index 0' -f -a 'create' -d 'Create a dynamic QR code that redirects to a URL (counts against the plan\'s QR code allowance)'
complete -c cardqr -n '__cardqr_using "qr"; and __cardqr_arg_index 0' -f -a 'update' -d 'Change a QR code\'s name, destination or status; the short code and printed code stay the same'
complete -c cardqr -n '__cardqr_using "qr"; and __cardqr_arg_index 0' -f -a 'delete' -d 'Move QR codes to Trash: their short links stop redirecting at once (restore only in the dashboard)'
complete -c cardqr -n '__cardqr_using "qr"; and __cardqr_arg_index 0; and __cardqr_typed' -f -a 'rm' -d 'Move QR codes to Trash: their short links stop redirecting at once (restore only in the dashboard) (alias of delete)'
complete -c cardqr -n '__cardqr_using "qr"; and __cardqr_arg_index 0' -f -a 'apply' -d 'Make the account\'s QR codes match a file (CSV or NDJSON, keyed by shortCode): shows the plan, then writes each change once'
complete -c cardqr -n '__cardqr_using "qr"; and __cardqr_arg_index 0' -f -a 'pause' -d 'Pause QR codes: their short links stop redirecting (same as update --status paused)'
complete -c cardqr -n '__cardqr_using "qr"; and __cardqr_arg_index 0' -f -a 'publish' -d 'Publish QR codes, undoing a pause or an archive (same as update --status published)'
complete -c cardqr -n '__cardqr_using "qr"; and __cardqr_arg_index 0' -f -a 'archive' -d 'Archive QR codes: they stop redirecting and leave the default list (same as update --status archived)'
complete -c cardqr -n '__cardqr_using "qr"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "qr list"' -l search -x -d 'case-insensitive partial match on name, short code or destination URL'
complete -c cardqr -n '__cardqr_using "qr list"' -l status -x -a 'draft published paused archived' -d 'only codes with this status'
complete -c cardqr -n '__cardqr_using "qr list"' -l type -x -a 'url file page gs1' -d 'only codes of this type'
complete -c cardqr -n '__cardqr_using "qr list"' -l limit -x -d 'items per page, 1-100 (default: 25)'
complete -c cardqr -n '__cardqr_using "qr list"' -l offset -x -d 'items to skip (default: 0)'
complete -c cardqr -n '__cardqr_using "qr list"' -l all -d 'follow every page, streaming items as they arrive'
complete -c cardqr -n '__cardqr_using "qr list"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "qr get"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "qr create"' -l name -x -d 'name, 1-200 characters'
complete -c cardqr -n '__cardqr_using "qr create"' -l url -x -d 'destination: a full http(s) URL (changeable later)'
complete -c cardqr -n '__cardqr_using "qr create"' -l short-code -x -d 'slug of the short link: letters, digits, hyphens, up to 100 (default: random 8 characters)'
complete -c cardqr -n '__cardqr_using "qr create"' -l status -x -a 'draft published' -d 'initial status (default: published)'
complete -c cardqr -n '__cardqr_using "qr create"' -l idempotency-key -x -d 'Idempotency-Key for this write, up to 255 characters; reuse it to retry safely (default: random)'
complete -c cardqr -n '__cardqr_using "qr create"' -l dry-run -d 'print the request body that would be sent and send nothing'
complete -c cardqr -n '__cardqr_using "qr create"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "qr update"' -l name -x -d 'new name, 1-200 characters'
complete -c cardqr -n '__cardqr_using "qr update"' -l url -x -d 'new destination, a full http(s) URL (url-type codes only)'
complete -c cardqr -n '__cardqr_using "qr update"' -l status -x -a 'draft published paused archived' -d 'new status: paused stops redirecting, archived hides it, published undoes either'
complete -c cardqr -n '__cardqr_using "qr update"' -l idempotency-key -x -d 'Idempotency-Key for this write, up to 255 characters; reuse it to retry safely (default: random)'
complete -c cardqr -n '__cardqr_using "qr update"' -l dry-run -d 'print the request body that would be sent and send nothing'
complete -c cardqr -n '__cardqr_using "qr update"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "qr delete"' -l report -r -F -d 'an append-only NDJSON report of every deletion'
complete -c cardqr -n '__cardqr_using "qr delete"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "qr apply"' -l dry-run -d 'show the plan and send nothing'
complete -c cardqr -n '__cardqr_using "qr apply"' -l map -x -d 'read a column of the file as one of ours, e.g. --map \'Link=destinationUrl\' (repeatable)'
complete -c cardqr -n '__cardqr_using "qr apply"' -l map-file -r -F -d 'the same, one `Column=name` a line (# starts a comment)'
complete -c cardqr -n '__cardqr_using "qr apply"' -l report -r -F -d 'append-only NDJSON report of every write (default: <file>.report.ndjson)'
complete -c cardqr -n '__cardqr_using "qr apply"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "qr apply"; and __cardqr_arg_index 0' -F
complete -c cardqr -n '__cardqr_using "qr pause"' -l report -r -F -d 'an append-only NDJSON report of every change'
complete -c cardqr -n '__cardqr_using "qr pause"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "qr publish"' -l report -r -F -d 'an append-only NDJSON report of every change'
complete -c cardqr -n '__cardqr_using "qr publish"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "qr archive"' -l report -r -F -d 'an append-only NDJSON report of every change'
complete -c cardqr -n '__cardqr_using "qr archive"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "templates"; and __cardqr_arg_index 0' -f -a 'list' -d 'List card templates with a count of their field rules'
complete -c cardqr -n '__cardqr_using "templates"; and __cardqr_arg_index 0; and __cardqr_typed' -f -a 'ls' -d 'List card templates with a count of their field rules (alias of list)'
complete -c cardqr -n '__cardqr_using "templates"; and __cardqr_arg_index 0' -f -a 'get' -d 'Show a card template and its field rules (locked, prefilled, required, optional, hidden)'
complete -c cardqr -n '__cardqr_using "templates"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "templates list"' -l limit -x -d 'items per page, 1-100 (default: 25)'
complete -c cardqr -n '__cardqr_using "templates list"' -l offset -x -d 'items to skip (default: 0)'
complete -c cardqr -n '__cardqr_using "templates list"' -l all -d 'follow every page, streaming items as they arrive'
complete -c cardqr -n '__cardqr_using "templates list"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "templates get"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "image"' -s f -l format -x -a 'png svg pdf jpeg webp' -d 'image format (default: png, or from the -O file extension)'
complete -c cardqr -n '__cardqr_using "image"' -l size -x -d 'width in pixels, 128-4096 (default: 512); a framed design is taller than wide'
complete -c cardqr -n '__cardqr_using "image"' -l transparent -d 'clear background (png, webp, svg only)'
complete -c cardqr -n '__cardqr_using "image"' -s O -l out -r -F -d 'write the one image to this file, or - for standard output (not a terminal)'
complete -c cardqr -n '__cardqr_using "image"' -s d -l dir -x -a '(__fish_complete_directories (commandline -ct))' -d 'save into this directory, created if missing, under the name the API suggests (default: current directory)'
complete -c cardqr -n '__cardqr_using "image"' -l force -d 'replace files that already exist (default: never overwrite; the id is skipped)'
complete -c cardqr -n '__cardqr_using "image"' -l verify -d 'decode each image before saving it and compare it with the object url (not pdf); a mismatch is not saved (exit 7)'
complete -c cardqr -n '__cardqr_using "image"' -l ledger -d 'record the batch (ids, urls, files, sha256) in the print ledger (see cardqr print audit)'
complete -c cardqr -n '__cardqr_using "image"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "print"; and __cardqr_arg_index 0' -f -a 'audit' -d 'Re-read every code of a print run and list those now paused, deleted or pointing elsewhere'
complete -c cardqr -n '__cardqr_using "print"; and __cardqr_arg_index 0' -f -a 'retarget' -d 'Point every QR code of a print run at one destination (cards have none to move)'
complete -c cardqr -n '__cardqr_using "print"' -s O -l out -r -F -d 'the PDF to write (required; never overwritten without --force)'
complete -c cardqr -n '__cardqr_using "print"' -l sheet -x -a 'L7160 L7163 L7651 5160 5163' -d 'label sheet preset'
complete -c cardqr -n '__cardqr_using "print"' -l grid -x -d 'custom label sheet: columns x rows (with --cell)'
complete -c cardqr -n '__cardqr_using "print"' -l cell -x -d 'custom label size, such as 63.5x38.1mm'
complete -c cardqr -n '__cardqr_using "print"' -l margin -x -d 'custom sheet: top and left margin (default: 0mm)'
complete -c cardqr -n '__cardqr_using "print"' -l gap -x -d 'custom sheet: space between labels (default: 0mm)'
complete -c cardqr -n '__cardqr_using "print"' -l page -x -a 'a4 letter' -d 'custom sheet paper (default: a4)'
complete -c cardqr -n '__cardqr_using "print"' -l padding -x -d 'space kept clear inside each label (default: 1.5mm)'
complete -c cardqr -n '__cardqr_using "print"' -l size -x -d 'one code per page at this width, quiet zone included (such as 30mm or 1.2in)'
complete -c cardqr -n '__cardqr_using "print"' -l bleed -x -d 'one code per page: bleed around the trim (default: 3mm)'
complete -c cardqr -n '__cardqr_using "print"' -l caption -x -d 'caption: name, url, shortCode, id, or a template such as \'{name} · {shortCode}\''
complete -c cardqr -n '__cardqr_using "print"' -l font -r -F -d 'caption font (TrueType/OpenType), repeatable, in fallback order; built in: Helvetica (Latin-1)'
complete -c cardqr -n '__cardqr_using "print"' -l dpi -x -d 'printer resolution for the module-size floor (default: 300)'
complete -c cardqr -n '__cardqr_using "print"' -l include-inactive -d 'place codes whose link will not open (paused or archived) instead of leaving them off (exit 7)'
complete -c cardqr -n '__cardqr_using "print"' -l verify -d 'decode every placed code and compare it with the object url; mismatches are left out (exit 7)'
complete -c cardqr -n '__cardqr_using "print"' -l verify-links -d 'ask each code\'s public link whether it opens (one HEAD request per code, redirects not followed; the service may count a check as a scan): a link answering 423, 404 or 410 is left out (exit 7). Off by default'
complete -c cardqr -n '__cardqr_using "print"' -l from-report -r -F -d 'also print every created or existing card of a campaign import report, or every created or updated code of a qr apply report'
complete -c cardqr -n '__cardqr_using "print"' -l force -d 'replace the PDF if it exists'
complete -c cardqr -n '__cardqr_using "print"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "print audit"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "print retarget"' -l url -x -d 'the new destination, a full http or https URL'
complete -c cardqr -n '__cardqr_using "print retarget"' -l report -r -F -d 'an append-only NDJSON report of every change'
complete -c cardqr -n '__cardqr_using "print retarget"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "analytics"; and __cardqr_arg_index 0' -f -a 'overview' -d 'Scan totals, trend, daily timeline, top codes and breakdowns for the whole account'
complete -c cardqr -n '__cardqr_using "analytics"; and __cardqr_arg_index 0' -f -a 'get' -d 'Scan totals, trend, daily timeline and breakdowns of one card or QR code'
complete -c cardqr -n '__cardqr_using "analytics"; and __cardqr_arg_index 0' -f -a 'snapshot' -d 'Keep the daily scans of every QR code and card in a history store that outlives the plan\'s window'
complete -c cardqr -n '__cardqr_using "analytics"; and __cardqr_arg_index 0' -f -a 'history' -d 'Scans per day, week or month from the history store (no request), by code or by group'
complete -c cardqr -n '__cardqr_using "analytics"; and __cardqr_arg_index 0' -f -a 'drift' -d 'List codes whose scans fell by more than a threshold or stopped (exit 7 when any is listed)'
complete -c cardqr -n '__cardqr_using "analytics"; and __cardqr_arg_index 0' -f -a 'migrate' -d 'Bring the history store to the schema this cardqr writes (creating it when missing)'
complete -c cardqr -n '__cardqr_using "analytics"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "analytics overview"' -l range -x -a '7d 30d 90d 12m' -d 'period: the last 7 days, 30 days, 90 days or 12 months'
complete -c cardqr -n '__cardqr_using "analytics overview"' -l tz -x -d 'IANA time zone of the daily buckets, e.g. Europe/Paris; "local" for this machine\'s'
complete -c cardqr -n '__cardqr_using "analytics overview"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "analytics get"' -l range -x -a '7d 30d 90d 12m' -d 'period: the last 7 days, 30 days, 90 days or 12 months'
complete -c cardqr -n '__cardqr_using "analytics get"' -l tz -x -d 'IANA time zone of the daily buckets, e.g. Europe/Paris; "local" for this machine\'s'
complete -c cardqr -n '__cardqr_using "analytics get"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "analytics snapshot"' -l store -r -F -d 'the history store: a SQLite file, or a postgres:// URL (default: CARDQR_HISTORY_URL, else $XDG_DATA_HOME/cardqr/history.db)'
complete -c cardqr -n '__cardqr_using "analytics snapshot"' -l tz -x -d 'IANA time zone of the days, e.g. Europe/Paris; "local" for this machine\'s'
complete -c cardqr -n '__cardqr_using "analytics snapshot"' -l no-cards -d 'leave the cards\' timelines out (cards carry no count, so each costs a request)'
complete -c cardqr -n '__cardqr_using "analytics snapshot"' -l wait -x -d 'how long to wait for another snapshot of the account to finish, then exit 6 (default: 10m; 0: do not wait)'
complete -c cardqr -n '__cardqr_using "analytics snapshot"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "analytics history"' -l store -r -F -d 'the history store: a SQLite file, or a postgres:// URL (default: CARDQR_HISTORY_URL, else $XDG_DATA_HOME/cardqr/history.db)'
complete -c cardqr -n '__cardqr_using "analytics history"' -l tz -x -d 'IANA time zone of the days, e.g. Europe/Paris; "local" for this machine\'s'
complete -c cardqr -n '__cardqr_using "analytics history"' -l since -x -d 'first day to show, YYYY-MM-DD (default: the first stored day)'
complete -c cardqr -n '__cardqr_using "analytics history"' -l by -x -a 'day week month' -d 'period of each row'
complete -c cardqr -n '__cardqr_using "analytics history"' -l group -x -a 'template campaign print-run' -d 'sum the codes by card template, campaign, or this machine\'s print run'
complete -c cardqr -n '__cardqr_using "analytics history"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "analytics drift"' -l store -r -F -d 'the history store: a SQLite file, or a postgres:// URL (default: CARDQR_HISTORY_URL, else $XDG_DATA_HOME/cardqr/history.db)'
complete -c cardqr -n '__cardqr_using "analytics drift"' -l tz -x -d 'IANA time zone of the days, e.g. Europe/Paris; "local" for this machine\'s'
complete -c cardqr -n '__cardqr_using "analytics drift"' -l window -x -d 'compare the last this many complete days with as many before (default: 7d)'
complete -c cardqr -n '__cardqr_using "analytics drift"' -l threshold -x -d 'a fall larger than this is listed (default: 30%)'
complete -c cardqr -n '__cardqr_using "analytics drift"' -l silent -x -d 'a code with no scan for this long, after some, is listed as stopped (default: 30d)'
complete -c cardqr -n '__cardqr_using "analytics drift"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "analytics migrate"' -l store -r -F -d 'the history store: a SQLite file, or a postgres:// URL (default: CARDQR_HISTORY_URL, else $XDG_DATA_HOME/cardqr/history.db)'
complete -c cardqr -n '__cardqr_using "analytics migrate"' -l wait -x -d 'how long to wait for a snapshot or report in progress (default: 10m; 0: do not wait)'
complete -c cardqr -n '__cardqr_using "analytics migrate"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "report"; and __cardqr_arg_index 0' -f -a 'weekly' -d 'Send the digest of each complete week once: scans, top codes, new leads (counts only), drift'
complete -c cardqr -n '__cardqr_using "report"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "report weekly"' -l store -r -F -d 'the history store: a SQLite file, or a postgres:// URL (default: CARDQR_HISTORY_URL, else $XDG_DATA_HOME/cardqr/history.db)'
complete -c cardqr -n '__cardqr_using "report weekly"' -l tz -x -d 'IANA time zone of the days, e.g. Europe/Paris; "local" for this machine\'s'
complete -c cardqr -n '__cardqr_using "report weekly"' -l out -r -F -d 'append the readable digest to this file (default: standard output)'
complete -c cardqr -n '__cardqr_using "report weekly"' -l exec -x -d 'run `/bin/sh -c <cmd>` with the JSON digest on stdin, CARDQR_DELIVERY_ID set; exit 0 = delivered'
complete -c cardqr -n '__cardqr_using "report weekly"' -l forward-to -x -d 'POST the JSON digest, signed with CARDQR_FORWARD_SECRET (Cardqr-Signature) and with Cardqr-Delivery-Id; 2xx = delivered'
complete -c cardqr -n '__cardqr_using "report weekly"' -l dry-run -d 'print the digest of the due weeks (or --week) and record nothing'
complete -c cardqr -n '__cardqr_using "report weekly"' -l week -x -d 'only this week, e.g. 2026-W48'
complete -c cardqr -n '__cardqr_using "report weekly"' -l resend -d 'with --week: send it again though it was sent (same delivery id)'
complete -c cardqr -n '__cardqr_using "report weekly"' -l per-card -d 'add per-card (per-person) figures'
complete -c cardqr -n '__cardqr_using "report weekly"' -l wait -x -d 'how long to wait for another report run (default: 10m; 0: do not wait)'
complete -c cardqr -n '__cardqr_using "report weekly"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "leads"; and __cardqr_arg_index 0' -f -a 'list' -d 'List leads collected on cards and pages, newest first'
complete -c cardqr -n '__cardqr_using "leads"; and __cardqr_arg_index 0; and __cardqr_typed' -f -a 'ls' -d 'List leads collected on cards and pages, newest first (alias of list)'
complete -c cardqr -n '__cardqr_using "leads"; and __cardqr_arg_index 0' -f -a 'get' -d 'Show one lead with every answer: contact, source, card, consent and CRM status'
complete -c cardqr -n '__cardqr_using "leads"; and __cardqr_arg_index 0' -f -a 'export' -d 'Export every lead created since the last run, oldest first: incremental and safe under cron'
complete -c cardqr -n '__cardqr_using "leads"; and __cardqr_arg_index 0' -f -a 'follow' -d 'Poll for new leads and deliver each one once, oldest first, until stopped (no webhooks needed)'
complete -c cardqr -n '__cardqr_using "leads"; and __cardqr_arg_index 0' -f -a 'replay' -d 'Send the deliveries in a `leads follow` dead letter again, to each line\'s recorded target'
complete -c cardqr -n '__cardqr_using "leads"; and __cardqr_arg_index 0' -f -a 'crm-report' -d 'Count leads by CRM (HubSpot) delivery status and list the ones that need a person'
complete -c cardqr -n '__cardqr_using "leads"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "leads list"' -l card -x -d 'only leads on this card or page'
complete -c cardqr -n '__cardqr_using "leads list"' -l source -x -a 'form exchange scan manual' -d 'only leads from this source'
complete -c cardqr -n '__cardqr_using "leads list"' -l include-archived -d 'include archived leads (default: left out)'
complete -c cardqr -n '__cardqr_using "leads list"' -l crm-status -x -d 'only leads with this CRM (HubSpot) status, comma-separated: sent, pending, retrying, failed, held_locked, held_plan, held_disconnected, skipped_no_email, expired, or none (the form does not send to the CRM); reads every page'
complete -c cardqr -n '__cardqr_using "leads list"' -l preset -x -d 'CSV with the columns a CRM importer maps by itself: hubspot or salesforce (README "CRM presets"); locked leads are skipped'
complete -c cardqr -n '__cardqr_using "leads list"' -l vcard-version -x -d 'with -o vcf: 4.0 (RFC 6350, default) or 3.0 for older phones'
complete -c cardqr -n '__cardqr_using "leads list"' -l since -x -d 'only leads created at or after: YYYY-MM-DD (midnight UTC, or in --tz), an ISO 8601 date-time, or a duration back from now: 30m, 24h, 7d, 2w'
complete -c cardqr -n '__cardqr_using "leads list"' -l tz -x -d 'IANA time zone for --since days and times without a zone, e.g. Europe/Paris; "local" for this machine\'s (default: UTC)'
complete -c cardqr -n '__cardqr_using "leads list"' -l limit -x -d 'items per page, 1-100 (default: 25)'
complete -c cardqr -n '__cardqr_using "leads list"' -l offset -x -d 'items to skip (default: 0)'
complete -c cardqr -n '__cardqr_using "leads list"' -l all -d 'follow every page, streaming items as they arrive'
complete -c cardqr -n '__cardqr_using "leads list"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "leads get"' -l vcard-version -x -d 'with -o vcf: 4.0 (RFC 6350, default) or 3.0 for older phones'
complete -c cardqr -n '__cardqr_using "leads get"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "leads export"' -l state -r -F -d 'state file keeping the cursor; created by the first run; <file>.lock is held while running'
complete -c cardqr -n '__cardqr_using "leads export"' -l out -r -F -d 'write to this file (default: standard output); an existing export file is added to, never replaced (json: refused)'
complete -c cardqr -n '__cardqr_using "leads export"' -l since -x -d 'first run only (default: every lead): start at leads created at or after: YYYY-MM-DD (midnight UTC, or in --tz), an ISO 8601 date-time, or a duration back from now: 30m, 24h, 7d, 2w'
complete -c cardqr -n '__cardqr_using "leads export"' -l tz -x -d 'IANA time zone for --since days and times without a zone, e.g. Europe/Paris; "local" for this machine\'s (default: UTC)'
complete -c cardqr -n '__cardqr_using "leads export"' -l locked-window -x -d 'how long a lead exported while locked (no contact yet) is re-read with GET /leads/:id before it is given up: 30d, 12h, 90m (a bare number is seconds) (default: 30d)'
complete -c cardqr -n '__cardqr_using "leads export"' -l preset -x -d 'CSV with the columns a CRM importer maps by itself: hubspot or salesforce (README "CRM presets"); locked leads are skipped'
complete -c cardqr -n '__cardqr_using "leads export"' -l vcard-version -x -d 'with -o vcf: 4.0 (RFC 6350, default) or 3.0 for older phones'
complete -c cardqr -n '__cardqr_using "leads export"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "leads follow"' -l state -r -F -d 'state file keeping the cursor (the `leads export` format: either command continues the other); <file>.lock is held while running'
complete -c cardqr -n '__cardqr_using "leads follow"' -l interval -x -d 'time between polls: 30s, 2m, 1h, 500ms (a bare number is seconds); never shorter than the key\'s rate limit leaves room for (default: 30s)'
complete -c cardqr -n '__cardqr_using "leads follow"' -l exec -x -d 'run `/bin/sh -c <cmd>` per delivery: the JSON on stdin, CARDQR_LEAD_ID set; exit 0 = delivered'
complete -c cardqr -n '__cardqr_using "leads follow"' -l forward-to -x -d 'POST each delivery to this URL, signed with CARDQR_FORWARD_SECRET (Cardqr-Signature header); 2xx = delivered; http:// only to localhost'
complete -c cardqr -n '__cardqr_using "leads follow"' -l dead-letter -r -F -d 'with --exec or --forward-to (required there): a delivery refused --max-attempts times (or failing alone while the next lead goes through) is appended here with its target, and the next lead goes on; <file>.lock is held while running (`leads replay <file>` sends them again)'
complete -c cardqr -n '__cardqr_using "leads follow"' -l max-attempts -x -d 'attempts per delivery before the dead letter, 1-100 (default: 8)'
complete -c cardqr -n '__cardqr_using "leads follow"' -l delivery-timeout -x -d 'an --exec command (its whole process group is killed) or --forward-to answer that takes longer fails the attempt (default: 30s)'
complete -c cardqr -n '__cardqr_using "leads follow"' -l since -x -d 'first run only, ignored once the state has a cursor (default: every lead): start at leads created at or after: YYYY-MM-DD (midnight UTC, or in --tz), an ISO 8601 date-time, or a duration back from now: 30m, 24h, 7d, 2w'
complete -c cardqr -n '__cardqr_using "leads follow"' -l tz -x -d 'IANA time zone for --since days and times without a zone, e.g. Europe/Paris; "local" for this machine\'s (default: UTC)'
complete -c cardqr -n '__cardqr_using "leads follow"' -l locked-window -x -d 'how long a lead exported while locked (no contact yet) is re-read with GET /leads/:id before it is given up: 30d, 12h, 90m (a bare number is seconds) (default: 30d)'
complete -c cardqr -n '__cardqr_using "leads follow"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "leads replay"' -l dry-run -d 'list what would be sent (line, lead, type, target, attempts, last error); nothing is sent'
complete -c cardqr -n '__cardqr_using "leads replay"' -l delivery-timeout -x -d 'a command (its whole process group is killed) or receiver that takes longer fails the line (default: 30s)'
complete -c cardqr -n '__cardqr_using "leads replay"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "leads crm-report"' -l include-archived -d 'include archived leads (default: left out)'
complete -c cardqr -n '__cardqr_using "leads crm-report"' -l since -x -d 'only leads created at or after: YYYY-MM-DD (midnight UTC, or in --tz), an ISO 8601 date-time, or a duration back from now: 30m, 24h, 7d, 2w'
complete -c cardqr -n '__cardqr_using "leads crm-report"' -l tz -x -d 'IANA time zone for --since days and times without a zone, e.g. Europe/Paris; "local" for this machine\'s (default: UTC)'
complete -c cardqr -n '__cardqr_using "leads crm-report"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "serve"' -l port -x -d 'port on 127.0.0.1; 0 picks a free one (default: 4020)'
complete -c cardqr -n '__cardqr_using "serve"' -l open -d 'open the one-time URL in this machine\'s browser (xdg-open, open, or the Windows URL handler)'
complete -c cardqr -n '__cardqr_using "serve"' -l store -r -F -d 'the history store to chart: a SQLite file, or a postgres:// URL (default: CARDQR_HISTORY_URL, else $XDG_DATA_HOME/cardqr/history.db)'
complete -c cardqr -n '__cardqr_using "serve"' -l tz -x -d 'IANA time zone of the store\'s days, e.g. Europe/Paris; "local" for this machine\'s (default: UTC)'
complete -c cardqr -n '__cardqr_using "serve"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "campaigns"; and __cardqr_arg_index 0' -f -a 'list' -d 'List campaigns (a campaign-scoped key sees only its own)'
complete -c cardqr -n '__cardqr_using "campaigns"; and __cardqr_arg_index 0; and __cardqr_typed' -f -a 'ls' -d 'List campaigns (a campaign-scoped key sees only its own) (alias of list)'
complete -c cardqr -n '__cardqr_using "campaigns"; and __cardqr_arg_index 0' -f -a 'get' -d 'Show one campaign: status and API switch (both must be on for API requests)'
complete -c cardqr -n '__cardqr_using "campaigns"; and __cardqr_arg_index 0' -f -a 'schema' -d 'Show what a campaign\'s create-card body looks like: fields, sections, blocks and a ready sample'
complete -c cardqr -n '__cardqr_using "campaigns"; and __cardqr_arg_index 0' -f -a 'test' -d 'Dry run: show how the campaign would turn a record into a card, creating nothing (exit 0 when it would be accepted, 5 otherwise)'
complete -c cardqr -n '__cardqr_using "campaigns"; and __cardqr_arg_index 0' -f -a 'create-card' -d 'Create one card from a record through the campaign\'s template and mapping'
complete -c cardqr -n '__cardqr_using "campaigns"; and __cardqr_arg_index 0' -f -a 'import' -d 'Import a CSV file into a campaign: one card per row, each created exactly once (validated first, resumable)'
complete -c cardqr -n '__cardqr_using "campaigns"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "campaigns list"' -l limit -x -d 'items per page, 1-100 (default: 20)'
complete -c cardqr -n '__cardqr_using "campaigns list"' -l offset -x -d 'items to skip (default: 0)'
complete -c cardqr -n '__cardqr_using "campaigns list"' -l all -d 'follow every page, streaming items as they arrive'
complete -c cardqr -n '__cardqr_using "campaigns list"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "campaigns get"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "campaigns schema"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "campaigns test"' -l data -x -d 'the record: @file.json, - for standard input, or inline JSON'
complete -c cardqr -n '__cardqr_using "campaigns test"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "campaigns create-card"' -l data -x -d 'the record: @file.json, - for standard input, or inline JSON'
complete -c cardqr -n '__cardqr_using "campaigns create-card"' -l idempotency-key -x -d 'Idempotency-Key for this write, up to 255 characters; reuse it to retry safely (default: random)'
complete -c cardqr -n '__cardqr_using "campaigns create-card"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "campaigns import"' -l dry-run -d 'send every row to the dry-run endpoint, creates nothing; ends with the plan: would create N, already exist M, invalid K'
complete -c cardqr -n '__cardqr_using "campaigns import"' -l validate-only -d 'check the file against every rule the campaign schema states, then send up to 5 rows of distinct shape to the campaign\'s dry run (creates nothing)'
complete -c cardqr -n '__cardqr_using "campaigns import"' -l offline -d 'with --validate-only: the local checks only, no dry-run request'
complete -c cardqr -n '__cardqr_using "campaigns import"' -l set -x -d 'a constant for every row, e.g. --set emails.0.label=Work (repeatable); a column of the file with that name wins where its cell has a value'
complete -c cardqr -n '__cardqr_using "campaigns import"' -l report -r -F -d 'append-only NDJSON report (default: <file.csv>.report.ndjson; dry runs: <file.csv>.dry-run.report.ndjson)'
complete -c cardqr -n '__cardqr_using "campaigns import"' -l resume -d 'continue the report\'s last run (same file): rows created or exists are skipped, the rest sent again with the same keys'
complete -c cardqr -n '__cardqr_using "campaigns import"' -l delimiter -x -d 'field delimiter, e.g. ; or | or tab (default: a comma, or ; tab | when the header line holds no comma but one of them)'
complete -c cardqr -n '__cardqr_using "campaigns import"' -l map -x -d 'read a column of the file as one of the campaign\'s, e.g. --map \'Email=emails.0.value\' (repeatable)'
complete -c cardqr -n '__cardqr_using "campaigns import"' -l map-file -r -F -d 'the same, one `Column=name` a line (# starts a comment)'
complete -c cardqr -n '__cardqr_using "campaigns import"' -l encoding -x -d 'file encoding: utf8, utf-16le, latin1, windows-1252, shift_jis … (default: utf8, or UTF-16 by its byte-order mark)'
complete -c cardqr -n '__cardqr_using "campaigns import"' -l concurrency -x -d 'requests in flight, 1-16 (default: 1)'
complete -c cardqr -n '__cardqr_using "campaigns import"' -l rate -x -d 'requests per minute at most (default: the key\'s limit from GET /me)'
complete -c cardqr -n '__cardqr_using "campaigns import"' -l skip-invalid -d 'record invalid rows in the report (outcome invalid) and import the others'
complete -c cardqr -n '__cardqr_using "campaigns import"' -l id-column -x -d 'mapped campaigns: the column (record path, e.g. employee.id) holding each row\'s identifier; without it each row\'s identifier is found with one dry-run request'
complete -c cardqr -n '__cardqr_using "campaigns import"' -l rejects -r -F -d 'write every row that failed or was invalid (original cells + line, errorCode, message) to this CSV, ready to fix and import as it is'
complete -c cardqr -n '__cardqr_using "campaigns import"' -l max-rows -x -d 'import only the first n rows: a rehearsal on live data'
complete -c cardqr -n '__cardqr_using "campaigns import"' -l update -d 'rows whose identifier already has a card of the campaign update it (one PATCH per changed card; fields the file does not hold are kept); shows the plan and asks first (--yes in scripts)'
complete -c cardqr -n '__cardqr_using "campaigns import"' -l trash-missing -d 'with --update: move the campaign\'s cards whose identifier the file does not hold to Trash (restorable in the dashboard); asks first'
complete -c cardqr -n '__cardqr_using "campaigns import"' -l max-trash -x -d 'with --trash-missing: refuse (nothing sent) when more than n cards would go to Trash (default: 10)'
complete -c cardqr -n '__cardqr_using "campaigns import"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "campaigns import"; and __cardqr_arg_index 1' -F
complete -c cardqr -n '__cardqr_using "mcp"' -l allow-writes -d 'add the plan tools: an agent plans writes, a person approves destructive ones, apply_plan applies each once'
complete -c cardqr -n '__cardqr_using "mcp"' -l toolsets -x -d 'only these tools, comma-separated: account, cards, qr, analytics, leads, plans (default: all)'
complete -c cardqr -n '__cardqr_using "mcp"' -l max-writes -x -d 'at most n writes over this server session (default: no cap)'
complete -c cardqr -n '__cardqr_using "mcp"' -l max-trash -x -d 'at most n trashed objects over this server session (default: no cap)'
complete -c cardqr -n '__cardqr_using "mcp"' -l lockdown -d 'leave out what other people typed: leads\' contacts and answers'
complete -c cardqr -n '__cardqr_using "mcp"' -l http -d 'serve Streamable HTTP on 127.0.0.1 (a bearer token from a file) instead of stdio'
complete -c cardqr -n '__cardqr_using "mcp"' -l port -x -d 'with --http: the port (default: 8722; 0 picks a free one)'
complete -c cardqr -n '__cardqr_using "mcp"' -l rotate-token -d 'with --http: write a new bearer token (clients need the new one)'
complete -c cardqr -n '__cardqr_using "mcp"' -l print-config -x -a 'claude cursor vscode' -d 'print the snippet that registers this server in the client (absolute paths, --profile, never a key)'
complete -c cardqr -n '__cardqr_using "mcp"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "plans"; and __cardqr_arg_index 0' -f -a 'list' -d 'List the plans agents made on this machine: kind, state, approval, progress, expiry'
complete -c cardqr -n '__cardqr_using "plans"; and __cardqr_arg_index 0' -f -a 'show' -d 'Show a plan and every write it makes (each field old → new), its sha256, state and expiry'
complete -c cardqr -n '__cardqr_using "plans"; and __cardqr_arg_index 0' -f -a 'approve' -d 'Approve a plan an agent made: shows it, then asks you to type the first 6 characters of its sha256'
complete -c cardqr -n '__cardqr_using "plans"; and __cardqr_arg_index 0' -f -a 'cancel' -d 'Cancel a plan: it is never applied (one being applied here stops after the write in flight)'
complete -c cardqr -n '__cardqr_using "plans"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "plans list"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "plans show"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "plans approve"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "plans cancel"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "api"' -l data -x -d 'request body: inline JSON, @file.json, or - for stdin'
complete -c cardqr -n '__cardqr_using "api"' -s p -l param -x -d 'query parameter (repeatable); --query is the JMESPath filter, as on every command'
complete -c cardqr -n '__cardqr_using "api"' -s O -l out -r -F -d 'write the answer\'s body to this file as it came (an image, a PDF, JSON), or - for standard output'
complete -c cardqr -n '__cardqr_using "api"' -l paginate -d 'GET a list endpoint page after page (100 items each, following pagination.hasMore) and print every item'
complete -c cardqr -n '__cardqr_using "api"' -l idempotency-key -x -d 'Idempotency-Key for this write, up to 255 characters; reuse it to retry safely (default: random)'
complete -c cardqr -n '__cardqr_using "api"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "api"; and __cardqr_arg_index 0' -f -a 'GET POST PATCH PUT DELETE'
complete -c cardqr -n '__cardqr_using "emulator"' -l port -x -d 'port to listen on; 0 picks a free one (default: 4010)'
complete -c cardqr -n '__cardqr_using "emulator"' -l host -x -d 'address to listen on (default: 127.0.0.1)'
complete -c cardqr -n '__cardqr_using "emulator"' -l seed -r -F -d 'seed file (account, keys, templates, campaigns, cards, leads, scans)'
complete -c cardqr -n '__cardqr_using "emulator"' -l state -r -F -d 'persist the emulator state in this file across restarts'
complete -c cardqr -n '__cardqr_using "emulator"' -l rate-limit -x -d 'requests per minute for every key'
complete -c cardqr -n '__cardqr_using "emulator"' -l latency -x -d 'added before each API answer'
complete -c cardqr -n '__cardqr_using "emulator"' -l fault-rate -x -d 'fraction of API requests answered with a 500 or a dropped connection (0..1)'
complete -c cardqr -n '__cardqr_using "emulator"' -l profile -x -d 'also write a profile pointing at the emulator with its full-scope key (removed when it stops)'
complete -c cardqr -n '__cardqr_using "emulator"' -l keep-profile -d 'keep the --profile written when the emulator stops'
complete -c cardqr -n '__cardqr_using "emulator"' -l tls -d 'serve over HTTPS with a certificate from a local CA kept in the state folder (made once; the --profile written trusts it)'
complete -c cardqr -n '__cardqr_using "emulator"' -l clock -x -d 'start the emulator clock at this ISO 8601 time (the built-in seed is dated from it; default: now)'
complete -c cardqr -n '__cardqr_using "emulator"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "completion"' -s h -l help -d 'show help for the command'
complete -c cardqr -n '__cardqr_using "completion"; and __cardqr_arg_index 0' -f -a 'bash zsh fish'
complete -c cardqr -n 'not __cardqr_using "emulator"' -l profile -x -a '(__cardqr_profiles)' -d 'stored profile to use'
complete -c cardqr -l api-key-stdin -d 'read the API key from standard input (one line)'
complete -c cardqr -l base-url -x -d 'API base URL including the version prefix'
complete -c cardqr -s o -l output -x -a 'table json ndjson csv vcf' -d 'output format (default: table on a terminal, json otherwise)'
complete -c cardqr -l fields -x -d 'keep only these comma-separated (dotted) fields, in this order; an unknown name lists the valid ones'
complete -c cardqr -l query -x -d 'JMESPath expression applied to the JSON output, e.g. "[?status==\'draft\'].id" (implies -o json; with ndjson, per line)'
complete -c cardqr -s r -l raw -d 'print a --query result that is a string, or a list of them, unquoted and one per line (the default on a pipe without -o)'
complete -c cardqr -s q -l quiet -d 'lists print only ids; creates and updates print the new or changed id; others print nothing on success'
complete -c cardqr -l no-color -d 'never colour output (also NO_COLOR)'
complete -c cardqr -l verbose -d 'log each request and response to stderr, secrets redacted (also CARDQR_DEBUG=1)'
complete -c cardqr -l timeout -x -d 'per-request timeout in seconds, up to 3600 (default: 30)'
complete -c cardqr -l max-retries -x -d 'retries for retryable failures (default: 4)'
complete -c cardqr -s y -l yes -d 'answer yes to confirmations'
complete -c cardqr -l csv-dialect -x -a 'rfc4180 excel excel-semicolon' -d 'CSV for a program (rfc4180, default) or for Excel (excel: BOM, long numbers and phones kept as text; excel-semicolon: the same with ;)'
complete -c cardqr -l csv-delimiter -x -a ', ; tab' -d 'CSV separator: , ; or tab'
complete -c cardqr -l csv-raw -d 'CSV cells exactly as sent: no formula neutralisation (see README, Output)'
