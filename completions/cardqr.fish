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
        case '|image'
            echo 'image'
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
    end
end

function __cardqr_takes_value
    switch "$argv[1]|$argv[2]"
        case 'image|-f' 'image|--format'
            return 0
        case 'image|--size'
            return 0
        case 'image|-O' 'image|--out'
            return 0
        case 'image|-d' 'image|--dir'
            return 0
        case 'api|--data'
            return 0
        case 'api|--query'
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
        case '*|''--profile'
            return 0
        case '*|''--base-url'
            return 0
        case '*|''-o' '*|''--output'
            return 0
        case '*|''--fields'
            return 0
        case '*|''--timeout'
            return 0
        case '*|''--max-retries'
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
complete -c cardqr -n '__cardqr_using ""; and __cardqr_arg_index 0' -f -a 'me' -d 'Show the key in use: account, plan, scopes, rate limit, and which commands it may use'
complete -c cardqr -n '__cardqr_using ""; and __cardqr_arg_index 0' -f -a 'image' -d 'Save the QR image of cards or QR codes to files (or one image to standard output)'
complete -c cardqr -n '__cardqr_using ""; and __cardqr_arg_index 0' -f -a 'api' -d 'Make a raw API call through the same client (auth, retries, errors)'
complete -c cardqr -n '__cardqr_using ""; and __cardqr_arg_index 0' -f -a 'emulator' -d 'Run the local emulator of the whole API (for rehearsal: the real service has no sandbox)'
complete -c cardqr -n '__cardqr_using ""; and __cardqr_arg_index 0' -f -a 'completion' -d 'Print the shell completion script for bash, zsh or fish (it never edits rc files)'
complete -c cardqr -n '__cardqr_using ""' -s V -l version -d 'print the version'
complete -c cardqr -n '__cardqr_using ""' -s h -l help -d 'show help'
complete -c cardqr -n '__cardqr_using "profiles"; and __cardqr_arg_index 0' -f -a 'add' -d 'Add (or replace) a profile: base URL and API key, verified with GET /me'
complete -c cardqr -n '__cardqr_using "profiles"; and __cardqr_arg_index 0' -f -a 'list' -d 'List stored profiles (keys masked; * marks the default)'
complete -c cardqr -n '__cardqr_using "profiles"; and __cardqr_arg_index 0; and __cardqr_typed' -f -a 'ls' -d 'List stored profiles (keys masked; * marks the default) (alias of list)'
complete -c cardqr -n '__cardqr_using "profiles"; and __cardqr_arg_index 0' -f -a 'use' -d 'Make a profile the default'
complete -c cardqr -n '__cardqr_using "profiles"; and __cardqr_arg_index 0' -f -a 'show' -d 'Show one profile (default: the one in use)'
complete -c cardqr -n '__cardqr_using "profiles"; and __cardqr_arg_index 0' -f -a 'remove' -d 'Remove a profile and its stored key'
complete -c cardqr -n '__cardqr_using "profiles"; and __cardqr_arg_index 0; and __cardqr_typed' -f -a 'rm' -d 'Remove a profile and its stored key (alias of remove)'
complete -c cardqr -n '__cardqr_using "profiles"' -s h -l help -d 'display help for command'
complete -c cardqr -n '__cardqr_using "profiles add"' -l default -d 'make it the default profile'
complete -c cardqr -n '__cardqr_using "profiles add"' -l no-verify -d 'store without calling GET /me'
complete -c cardqr -n '__cardqr_using "profiles add"' -s h -l help -d 'display help for command'
complete -c cardqr -n '__cardqr_using "profiles list"' -s h -l help -d 'display help for command'
complete -c cardqr -n '__cardqr_using "profiles use"' -s h -l help -d 'display help for command'
complete -c cardqr -n '__cardqr_using "profiles use"; and __cardqr_arg_index 0' -f -a '(__cardqr_profiles)'
complete -c cardqr -n '__cardqr_using "profiles show"' -s h -l help -d 'display help for command'
complete -c cardqr -n '__cardqr_using "profiles show"; and __cardqr_arg_index 0' -f -a '(__cardqr_profiles)'
complete -c cardqr -n '__cardqr_using "profiles remove"' -s h -l help -d 'display help for command'
complete -c cardqr -n '__cardqr_using "profiles remove"; and __cardqr_arg_index 0' -f -a '(__cardqr_profiles)'
complete -c cardqr -n '__cardqr_using "me"' -s h -l help -d 'display help for command'
complete -c cardqr -n '__cardqr_using "image"' -s f -l format -x -a 'png svg pdf jpeg webp' -d 'image format (default: png, or from the -O file extension)'
complete -c cardqr -n '__cardqr_using "image"' -l size -x -d 'width in pixels, 128-4096 (default: 512); a framed design is taller than wide'
complete -c cardqr -n '__cardqr_using "image"' -l transparent -d 'clear background (png, webp, svg only)'
complete -c cardqr -n '__cardqr_using "image"' -s O -l out -r -F -d 'write the one image to this file, or - for standard output (not a terminal)'
complete -c cardqr -n '__cardqr_using "image"' -s d -l dir -x -a '(__fish_complete_directories (commandline -ct))' -d 'save into this directory, created if missing, under the name the API suggests (default: current directory)'
complete -c cardqr -n '__cardqr_using "image"' -l force -d 'replace files that already exist (default: never overwrite; the id is skipped)'
complete -c cardqr -n '__cardqr_using "image"' -s h -l help -d 'display help for command'
complete -c cardqr -n '__cardqr_using "api"' -l data -x -d 'request body: inline JSON, @file.json, or - for stdin'
complete -c cardqr -n '__cardqr_using "api"' -l query -x -d 'query parameter (repeatable)'
complete -c cardqr -n '__cardqr_using "api"' -l idempotency-key -x -d 'Idempotency-Key for a write (default: random)'
complete -c cardqr -n '__cardqr_using "api"' -s h -l help -d 'display help for command'
complete -c cardqr -n '__cardqr_using "api"; and __cardqr_arg_index 0' -f -a 'GET POST PATCH PUT DELETE'
complete -c cardqr -n '__cardqr_using "emulator"' -l port -x -d 'port to listen on; 0 picks a free one (default: 4010)'
complete -c cardqr -n '__cardqr_using "emulator"' -l host -x -d 'address to listen on (default: 127.0.0.1)'
complete -c cardqr -n '__cardqr_using "emulator"' -l seed -r -F -d 'seed file (account, keys, templates, campaigns, cards, leads, scans)'
complete -c cardqr -n '__cardqr_using "emulator"' -l state -r -F -d 'persist the emulator state in this file across restarts'
complete -c cardqr -n '__cardqr_using "emulator"' -l rate-limit -x -d 'requests per minute for every key'
complete -c cardqr -n '__cardqr_using "emulator"' -l latency -x -d 'added before each API answer'
complete -c cardqr -n '__cardqr_using "emulator"' -l fault-rate -x -d 'fraction of API requests answered with a 500 or a dropped connection (0..1)'
complete -c cardqr -n '__cardqr_using "emulator"' -l profile -x -d 'also write a profile pointing at the emulator with its full-scope key'
complete -c cardqr -n '__cardqr_using "emulator"' -s h -l help -d 'display help for command'
complete -c cardqr -n '__cardqr_using "completion"' -s h -l help -d 'display help for command'
complete -c cardqr -n '__cardqr_using "completion"; and __cardqr_arg_index 0' -f -a 'bash zsh fish'
complete -c cardqr -n 'not __cardqr_using "emulator"' -l profile -x -a '(__cardqr_profiles)' -d 'stored profile to use'
complete -c cardqr -l api-key-stdin -d 'read the API key from standard input (one line)'
complete -c cardqr -l base-url -x -d 'API base URL including the version prefix'
complete -c cardqr -s o -l output -x -a 'table json ndjson csv' -d 'output format (default: table on a terminal, json otherwise)'
complete -c cardqr -l fields -x -d 'keep only these comma-separated (dotted) fields, in this order'
complete -c cardqr -s q -l quiet -d 'lists print only ids; other commands print nothing on success'
complete -c cardqr -l no-color -d 'never colour output (also NO_COLOR)'
complete -c cardqr -l verbose -d 'log each request and response to stderr, secrets redacted (also CARDQR_DEBUG=1)'
complete -c cardqr -l timeout -x -d 'per-request timeout in seconds (default: 30)'
complete -c cardqr -l max-retries -x -d 'retries for retryable failures (default: 4)'
complete -c cardqr -s y -l yes -d 'answer yes to confirmations'
