# bash completion for cardqr                               -*- shell-script -*-
# Generated from the command tree by `cardqr completion bash`; do not edit.
# Install: cardqr completion bash > ~/.local/share/bash-completion/completions/cardqr
#      or: echo 'source <(cardqr completion bash)' >> ~/.bashrc

# __cardqr_node PATH: sets __cardqr_subs (subcommands), __cardqr_aliases, __cardqr_flags (all flags) for a command path.
__cardqr_node() {
  case "$1" in
    '') __cardqr_subs='profiles me status cards qr templates image print analytics report leads serve campaigns mcp plans api emulator completion'; __cardqr_aliases=''; __cardqr_flags='-V --version --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw -h --help' ;;
    'profiles') __cardqr_subs='add list use show remove set'; __cardqr_aliases='ls rm'; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'profiles add') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--default --no-verify --api-key-command --ca-file --no-ca-file -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'profiles list') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'profiles use') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'profiles show') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'profiles remove') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'profiles set') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--no-verify --ca-file --no-ca-file -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'me') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'status') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'cards') __cardqr_subs='list get create update delete wallet'; __cardqr_aliases='ls rm'; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'cards list') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--search --template --status --limit --offset --all -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'cards get') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'cards create') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--name --template --short-code --status --allow-empty --dry-run --field --email --phone --link --data --allow-unknown-fields --idempotency-key -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'cards update') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--template --unlink-template --replace --dry-run --field --email --phone --link --data --allow-unknown-fields --idempotency-key -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'cards delete') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--report -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'cards wallet') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'qr') __cardqr_subs='list get create update delete apply pause publish archive'; __cardqr_aliases='ls rm'; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'qr list') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--search --status --type --limit --offset --all -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'qr get') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'qr create') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--name --url --short-code --status --idempotency-key --dry-run -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'qr update') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--name --url --status --idempotency-key --dry-run -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'qr delete') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--report -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'qr apply') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--dry-run --map --map-file --report -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'qr pause') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--report -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'qr publish') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--report -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'qr archive') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--report -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'templates') __cardqr_subs='list get'; __cardqr_aliases='ls'; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'templates list') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--limit --offset --all -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'templates get') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'image') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='-f --format --size --transparent -O --out -d --dir --force --verify --ledger -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'print') __cardqr_subs='audit retarget'; __cardqr_aliases=''; __cardqr_flags='-O --out --sheet --grid --cell --margin --gap --page --padding --size --bleed --caption --font --dpi --include-inactive --verify --verify-links --from-report --force -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'print audit') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'print retarget') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--url --report -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'analytics') __cardqr_subs='overview get snapshot history drift migrate'; __cardqr_aliases=''; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'analytics overview') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--range --tz -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'analytics get') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--range --tz -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'analytics snapshot') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--store --tz --no-cards --wait -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'analytics history') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--store --tz --since --by --group -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'analytics drift') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--store --tz --window --threshold --silent -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'analytics migrate') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--store --wait -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'report') __cardqr_subs='weekly'; __cardqr_aliases=''; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'report weekly') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--store --tz --out --exec --forward-to --dry-run --week --resend --per-card --wait -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'leads') __cardqr_subs='list get export follow replay crm-report'; __cardqr_aliases='ls'; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'leads list') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--card --source --include-archived --crm-status --preset --vcard-version --since --tz --limit --offset --all -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'leads get') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--vcard-version -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'leads export') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--state --out --since --tz --locked-window --preset --vcard-version -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'leads follow') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--state --interval --exec --forward-to --dead-letter --max-attempts --delivery-timeout --since --tz --locked-window -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'leads replay') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--dry-run --delivery-timeout -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'leads crm-report') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--include-archived --since --tz -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'serve') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--port --open --store --tz -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'campaigns') __cardqr_subs='list get schema test create-card import'; __cardqr_aliases='ls'; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'campaigns list') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--limit --offset --all -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'campaigns get') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'campaigns schema') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'campaigns test') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--data -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'campaigns create-card') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--data --idempotency-key -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'campaigns import') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--dry-run --validate-only --offline --set --report --resume --delimiter --map --map-file --encoding --concurrency --rate --skip-invalid --id-column --rejects --max-rows --update --trash-missing --max-trash -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'mcp') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--allow-writes --toolsets --max-writes --max-trash --lockdown --http --port --rotate-token --print-config -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'plans') __cardqr_subs='list show approve cancel'; __cardqr_aliases=''; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'plans list') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'plans show') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'plans approve') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'plans cancel') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'api') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--data -p --param -O --out --paginate --idempotency-key -h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'emulator') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='--port --host --seed --state --rate-limit --latency --fault-rate --profile --keep-profile --tls --clock -h --help --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    'completion') __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='-h --help --profile --api-key-stdin --base-url -o --output --fields --query -r --raw -q --quiet --no-color --verbose --timeout --max-retries -y --yes --csv-dialect --csv-delimiter --csv-raw' ;;
    *) __cardqr_subs=''; __cardqr_aliases=''; __cardqr_flags='' ;;
  esac
}

# __cardqr_resolve PATH WORD: sets __cardqr_r to the subcommand WORD names at PATH (an alias resolves to
# its command); returns 1 when WORD is no subcommand there.
__cardqr_resolve() {
  case "$1|$2" in
    '|profiles') __cardqr_r='profiles' ;;
    '|me') __cardqr_r='me' ;;
    '|status') __cardqr_r='status' ;;
    '|cards') __cardqr_r='cards' ;;
    '|qr') __cardqr_r='qr' ;;
    '|templates') __cardqr_r='templates' ;;
    '|image') __cardqr_r='image' ;;
    '|print') __cardqr_r='print' ;;
    '|analytics') __cardqr_r='analytics' ;;
    '|report') __cardqr_r='report' ;;
    '|leads') __cardqr_r='leads' ;;
    '|serve') __cardqr_r='serve' ;;
    '|campaigns') __cardqr_r='campaigns' ;;
    '|mcp') __cardqr_r='mcp' ;;
    '|plans') __cardqr_r='plans' ;;
    '|api') __cardqr_r='api' ;;
    '|emulator') __cardqr_r='emulator' ;;
    '|completion') __cardqr_r='completion' ;;
    'profiles|add') __cardqr_r='add' ;;
    'profiles|list'|'profiles|ls') __cardqr_r='list' ;;
    'profiles|use') __cardqr_r='use' ;;
    'profiles|show') __cardqr_r='show' ;;
    'profiles|remove'|'profiles|rm') __cardqr_r='remove' ;;
    'profiles|set') __cardqr_r='set' ;;
    'cards|list'|'cards|ls') __cardqr_r='list' ;;
    'cards|get') __cardqr_r='get' ;;
    'cards|create') __cardqr_r='create' ;;
    'cards|update') __cardqr_r='update' ;;
    'cards|delete'|'cards|rm') __cardqr_r='delete' ;;
    'cards|wallet') __cardqr_r='wallet' ;;
    'qr|list'|'qr|ls') __cardqr_r='list' ;;
    'qr|get') __cardqr_r='get' ;;
    'qr|create') __cardqr_r='create' ;;
    'qr|update') __cardqr_r='update' ;;
    'qr|delete'|'qr|rm') __cardqr_r='delete' ;;
    'qr|apply') __cardqr_r='apply' ;;
    'qr|pause') __cardqr_r='pause' ;;
    'qr|publish') __cardqr_r='publish' ;;
    'qr|archive') __cardqr_r='archive' ;;
    'templates|list'|'templates|ls') __cardqr_r='list' ;;
    'templates|get') __cardqr_r='get' ;;
    'print|audit') __cardqr_r='audit' ;;
    'print|retarget') __cardqr_r='retarget' ;;
    'analytics|overview') __cardqr_r='overview' ;;
    'analytics|get') __cardqr_r='get' ;;
    'analytics|snapshot') __cardqr_r='snapshot' ;;
    'analytics|history') __cardqr_r='history' ;;
    'analytics|drift') __cardqr_r='drift' ;;
    'analytics|migrate') __cardqr_r='migrate' ;;
    'report|weekly') __cardqr_r='weekly' ;;
    'leads|list'|'leads|ls') __cardqr_r='list' ;;
    'leads|get') __cardqr_r='get' ;;
    'leads|export') __cardqr_r='export' ;;
    'leads|follow') __cardqr_r='follow' ;;
    'leads|replay') __cardqr_r='replay' ;;
    'leads|crm-report') __cardqr_r='crm-report' ;;
    'campaigns|list'|'campaigns|ls') __cardqr_r='list' ;;
    'campaigns|get') __cardqr_r='get' ;;
    'campaigns|schema') __cardqr_r='schema' ;;
    'campaigns|test') __cardqr_r='test' ;;
    'campaigns|create-card') __cardqr_r='create-card' ;;
    'campaigns|import') __cardqr_r='import' ;;
    'plans|list') __cardqr_r='list' ;;
    'plans|show') __cardqr_r='show' ;;
    'plans|approve') __cardqr_r='approve' ;;
    'plans|cancel') __cardqr_r='cancel' ;;
    *) return 1 ;;
  esac
}

# __cardqr_value PATH FLAG: sets __cardqr_v to what the flag's value completes to; returns 1 for a flag
# without a value (or an unknown word).
__cardqr_value() {
  case "$1|$2" in
    'profiles add|--api-key-command') __cardqr_v='any' ;;
    'profiles add|--ca-file') __cardqr_v='file' ;;
    'profiles set|--ca-file') __cardqr_v='file' ;;
    'cards list|--search') __cardqr_v='any' ;;
    'cards list|--template') __cardqr_v='any' ;;
    'cards list|--status') __cardqr_v='choices:draft published paused archived' ;;
    'cards list|--limit') __cardqr_v='any' ;;
    'cards list|--offset') __cardqr_v='any' ;;
    'cards create|--name') __cardqr_v='any' ;;
    'cards create|--template') __cardqr_v='any' ;;
    'cards create|--short-code') __cardqr_v='any' ;;
    'cards create|--status') __cardqr_v='choices:draft published' ;;
    'cards create|--field') __cardqr_v='any' ;;
    'cards create|--email') __cardqr_v='any' ;;
    'cards create|--phone') __cardqr_v='any' ;;
    'cards create|--link') __cardqr_v='any' ;;
    'cards create|--data') __cardqr_v='any' ;;
    'cards create|--idempotency-key') __cardqr_v='any' ;;
    'cards update|--template') __cardqr_v='any' ;;
    'cards update|--field') __cardqr_v='any' ;;
    'cards update|--email') __cardqr_v='any' ;;
    'cards update|--phone') __cardqr_v='any' ;;
    'cards update|--link') __cardqr_v='any' ;;
    'cards update|--data') __cardqr_v='any' ;;
    'cards update|--idempotency-key') __cardqr_v='any' ;;
    'cards delete|--report') __cardqr_v='file' ;;
    'qr list|--search') __cardqr_v='any' ;;
    'qr list|--status') __cardqr_v='choices:draft published paused archived' ;;
    'qr list|--type') __cardqr_v='choices:url file page gs1' ;;
    'qr list|--limit') __cardqr_v='any' ;;
    'qr list|--offset') __cardqr_v='any' ;;
    'qr create|--name') __cardqr_v='any' ;;
    'qr create|--url') __cardqr_v='any' ;;
    'qr create|--short-code') __cardqr_v='any' ;;
    'qr create|--status') __cardqr_v='choices:draft published' ;;
    'qr create|--idempotency-key') __cardqr_v='any' ;;
    'qr update|--name') __cardqr_v='any' ;;
    'qr update|--url') __cardqr_v='any' ;;
    'qr update|--status') __cardqr_v='choices:draft published paused archived' ;;
    'qr update|--idempotency-key') __cardqr_v='any' ;;
    'qr delete|--report') __cardqr_v='file' ;;
    'qr apply|--map') __cardqr_v='any' ;;
    'qr apply|--map-file') __cardqr_v='file' ;;
    'qr apply|--report') __cardqr_v='file' ;;
    'qr pause|--report') __cardqr_v='file' ;;
    'qr publish|--report') __cardqr_v='file' ;;
    'qr archive|--report') __cardqr_v='file' ;;
    'templates list|--limit') __cardqr_v='any' ;;
    'templates list|--offset') __cardqr_v='any' ;;
    'image|-f'|'image|--format') __cardqr_v='choices:png svg pdf jpeg webp' ;;
    'image|--size') __cardqr_v='any' ;;
    'image|-O'|'image|--out') __cardqr_v='file' ;;
    'image|-d'|'image|--dir') __cardqr_v='dir' ;;
    'print|-O'|'print|--out') __cardqr_v='file' ;;
    'print|--sheet') __cardqr_v='choices:L7160 L7163 L7651 5160 5163' ;;
    'print|--grid') __cardqr_v='any' ;;
    'print|--cell') __cardqr_v='any' ;;
    'print|--margin') __cardqr_v='any' ;;
    'print|--gap') __cardqr_v='any' ;;
    'print|--page') __cardqr_v='choices:a4 letter' ;;
    'print|--padding') __cardqr_v='any' ;;
    'print|--size') __cardqr_v='any' ;;
    'print|--bleed') __cardqr_v='any' ;;
    'print|--caption') __cardqr_v='any' ;;
    'print|--font') __cardqr_v='file' ;;
    'print|--dpi') __cardqr_v='any' ;;
    'print|--from-report') __cardqr_v='file' ;;
    'print retarget|--url') __cardqr_v='any' ;;
    'print retarget|--report') __cardqr_v='file' ;;
    'analytics overview|--range') __cardqr_v='choices:7d 30d 90d 12m' ;;
    'analytics overview|--tz') __cardqr_v='any' ;;
    'analytics get|--range') __cardqr_v='choices:7d 30d 90d 12m' ;;
    'analytics get|--tz') __cardqr_v='any' ;;
    'analytics snapshot|--store') __cardqr_v='file' ;;
    'analytics snapshot|--tz') __cardqr_v='any' ;;
    'analytics snapshot|--wait') __cardqr_v='any' ;;
    'analytics history|--store') __cardqr_v='file' ;;
    'analytics history|--tz') __cardqr_v='any' ;;
    'analytics history|--since') __cardqr_v='any' ;;
    'analytics history|--by') __cardqr_v='choices:day week month' ;;
    'analytics history|--group') __cardqr_v='choices:template campaign print-run' ;;
    'analytics drift|--store') __cardqr_v='file' ;;
    'analytics drift|--tz') __cardqr_v='any' ;;
    'analytics drift|--window') __cardqr_v='any' ;;
    'analytics drift|--threshold') __cardqr_v='any' ;;
    'analytics drift|--silent') __cardqr_v='any' ;;
    'analytics migrate|--store') __cardqr_v='file' ;;
    'analytics migrate|--wait') __cardqr_v='any' ;;
    'report weekly|--store') __cardqr_v='file' ;;
    'report weekly|--tz') __cardqr_v='any' ;;
    'report weekly|--out') __cardqr_v='file' ;;
    'report weekly|--exec') __cardqr_v='any' ;;
    'report weekly|--forward-to') __cardqr_v='any' ;;
    'report weekly|--week') __cardqr_v='any' ;;
    'report weekly|--wait') __cardqr_v='any' ;;
    'leads list|--card') __cardqr_v='any' ;;
    'leads list|--source') __cardqr_v='choices:form exchange scan manual' ;;
    'leads list|--crm-status') __cardqr_v='any' ;;
    'leads list|--preset') __cardqr_v='any' ;;
    'leads list|--vcard-version') __cardqr_v='any' ;;
    'leads list|--since') __cardqr_v='any' ;;
    'leads list|--tz') __cardqr_v='any' ;;
    'leads list|--limit') __cardqr_v='any' ;;
    'leads list|--offset') __cardqr_v='any' ;;
    'leads get|--vcard-version') __cardqr_v='any' ;;
    'leads export|--state') __cardqr_v='file' ;;
    'leads export|--out') __cardqr_v='file' ;;
    'leads export|--since') __cardqr_v='any' ;;
    'leads export|--tz') __cardqr_v='any' ;;
    'leads export|--locked-window') __cardqr_v='any' ;;
    'leads export|--preset') __cardqr_v='any' ;;
    'leads export|--vcard-version') __cardqr_v='any' ;;
    'leads follow|--state') __cardqr_v='file' ;;
    'leads follow|--interval') __cardqr_v='any' ;;
    'leads follow|--exec') __cardqr_v='any' ;;
    'leads follow|--forward-to') __cardqr_v='any' ;;
    'leads follow|--dead-letter') __cardqr_v='file' ;;
    'leads follow|--max-attempts') __cardqr_v='any' ;;
    'leads follow|--delivery-timeout') __cardqr_v='any' ;;
    'leads follow|--since') __cardqr_v='any' ;;
    'leads follow|--tz') __cardqr_v='any' ;;
    'leads follow|--locked-window') __cardqr_v='any' ;;
    'leads replay|--delivery-timeout') __cardqr_v='any' ;;
    'leads crm-report|--since') __cardqr_v='any' ;;
    'leads crm-report|--tz') __cardqr_v='any' ;;
    'serve|--port') __cardqr_v='any' ;;
    'serve|--store') __cardqr_v='file' ;;
    'serve|--tz') __cardqr_v='any' ;;
    'campaigns list|--limit') __cardqr_v='any' ;;
    'campaigns list|--offset') __cardqr_v='any' ;;
    'campaigns test|--data') __cardqr_v='any' ;;
    'campaigns create-card|--data') __cardqr_v='any' ;;
    'campaigns create-card|--idempotency-key') __cardqr_v='any' ;;
    'campaigns import|--set') __cardqr_v='any' ;;
    'campaigns import|--report') __cardqr_v='file' ;;
    'campaigns import|--delimiter') __cardqr_v='any' ;;
    'campaigns import|--map') __cardqr_v='any' ;;
    'campaigns import|--map-file') __cardqr_v='file' ;;
    'campaigns import|--encoding') __cardqr_v='any' ;;
    'campaigns import|--concurrency') __cardqr_v='any' ;;
    'campaigns import|--rate') __cardqr_v='any' ;;
    'campaigns import|--id-column') __cardqr_v='any' ;;
    'campaigns import|--rejects') __cardqr_v='file' ;;
    'campaigns import|--max-rows') __cardqr_v='any' ;;
    'campaigns import|--max-trash') __cardqr_v='any' ;;
    'mcp|--toolsets') __cardqr_v='any' ;;
    'mcp|--max-writes') __cardqr_v='any' ;;
    'mcp|--max-trash') __cardqr_v='any' ;;
    'mcp|--port') __cardqr_v='any' ;;
    'mcp|--print-config') __cardqr_v='choices:claude cursor vscode' ;;
    'api|--data') __cardqr_v='any' ;;
    'api|-p'|'api|--param') __cardqr_v='any' ;;
    'api|-O'|'api|--out') __cardqr_v='file' ;;
    'api|--idempotency-key') __cardqr_v='any' ;;
    'emulator|--port') __cardqr_v='any' ;;
    'emulator|--host') __cardqr_v='any' ;;
    'emulator|--seed') __cardqr_v='file' ;;
    'emulator|--state') __cardqr_v='file' ;;
    'emulator|--rate-limit') __cardqr_v='any' ;;
    'emulator|--latency') __cardqr_v='any' ;;
    'emulator|--fault-rate') __cardqr_v='any' ;;
    'emulator|--profile') __cardqr_v='any' ;;
    'emulator|--clock') __cardqr_v='any' ;;
    *'|--profile') __cardqr_v='profiles' ;;
    *'|--base-url') __cardqr_v='any' ;;
    *'|-o'|*'|--output') __cardqr_v='choices:table json ndjson csv vcf' ;;
    *'|--fields') __cardqr_v='any' ;;
    *'|--query') __cardqr_v='any' ;;
    *'|--timeout') __cardqr_v='any' ;;
    *'|--max-retries') __cardqr_v='any' ;;
    *'|--csv-dialect') __cardqr_v='choices:rfc4180 excel excel-semicolon' ;;
    *'|--csv-delimiter') __cardqr_v='choices:, ; tab' ;;
    *) return 1 ;;
  esac
}

# __cardqr_arg PATH INDEX: sets __cardqr_v to what the positional argument at INDEX (from 0) completes to.
__cardqr_arg() {
  __cardqr_v=any
  case "$1" in
    'profiles add') case "$2" in 0) __cardqr_v='any' ;; *) __cardqr_v=any ;; esac ;;
    'profiles use') case "$2" in 0) __cardqr_v='profiles' ;; *) __cardqr_v=any ;; esac ;;
    'profiles show') case "$2" in 0) __cardqr_v='profiles' ;; *) __cardqr_v=any ;; esac ;;
    'profiles remove') case "$2" in 0) __cardqr_v='profiles' ;; *) __cardqr_v=any ;; esac ;;
    'profiles set') case "$2" in 0) __cardqr_v='profiles' ;; *) __cardqr_v=any ;; esac ;;
    'cards get') case "$2" in 0) __cardqr_v='any' ;; *) __cardqr_v=any ;; esac ;;
    'cards update') case "$2" in 0) __cardqr_v='any' ;; *) __cardqr_v=any ;; esac ;;
    'cards delete') case "$2" in *) __cardqr_v='any' ;; esac ;;
    'cards wallet') case "$2" in 0) __cardqr_v='any' ;; *) __cardqr_v=any ;; esac ;;
    'qr get') case "$2" in 0) __cardqr_v='any' ;; *) __cardqr_v=any ;; esac ;;
    'qr update') case "$2" in 0) __cardqr_v='any' ;; *) __cardqr_v=any ;; esac ;;
    'qr delete') case "$2" in *) __cardqr_v='any' ;; esac ;;
    'qr apply') case "$2" in 0) __cardqr_v='file' ;; *) __cardqr_v=any ;; esac ;;
    'qr pause') case "$2" in *) __cardqr_v='any' ;; esac ;;
    'qr publish') case "$2" in *) __cardqr_v='any' ;; esac ;;
    'qr archive') case "$2" in *) __cardqr_v='any' ;; esac ;;
    'templates get') case "$2" in 0) __cardqr_v='any' ;; *) __cardqr_v=any ;; esac ;;
    'image') case "$2" in *) __cardqr_v='any' ;; esac ;;
    'print') case "$2" in *) __cardqr_v='any' ;; esac ;;
    'print audit') case "$2" in 0) __cardqr_v='any' ;; *) __cardqr_v=any ;; esac ;;
    'print retarget') case "$2" in 0) __cardqr_v='any' ;; *) __cardqr_v=any ;; esac ;;
    'analytics get') case "$2" in 0) __cardqr_v='any' ;; *) __cardqr_v=any ;; esac ;;
    'analytics history') case "$2" in *) __cardqr_v='any' ;; esac ;;
    'leads get') case "$2" in 0) __cardqr_v='any' ;; *) __cardqr_v=any ;; esac ;;
    'leads replay') case "$2" in 0) __cardqr_v='any' ;; *) __cardqr_v=any ;; esac ;;
    'campaigns get') case "$2" in 0) __cardqr_v='any' ;; *) __cardqr_v=any ;; esac ;;
    'campaigns schema') case "$2" in 0) __cardqr_v='any' ;; *) __cardqr_v=any ;; esac ;;
    'campaigns test') case "$2" in 0) __cardqr_v='any' ;; *) __cardqr_v=any ;; esac ;;
    'campaigns create-card') case "$2" in 0) __cardqr_v='any' ;; *) __cardqr_v=any ;; esac ;;
    'campaigns import') case "$2" in 0) __cardqr_v='any' ;; 1) __cardqr_v='file' ;; *) __cardqr_v=any ;; esac ;;
    'plans show') case "$2" in 0) __cardqr_v='any' ;; *) __cardqr_v=any ;; esac ;;
    'plans approve') case "$2" in 0) __cardqr_v='any' ;; *) __cardqr_v=any ;; esac ;;
    'plans cancel') case "$2" in 0) __cardqr_v='any' ;; *) __cardqr_v=any ;; esac ;;
    'api') case "$2" in 0) __cardqr_v='choices:GET POST PATCH PUT DELETE' ;; 1) __cardqr_v='any' ;; *) __cardqr_v=any ;; esac ;;
    'completion') case "$2" in 0) __cardqr_v='choices:bash zsh fish' ;; *) __cardqr_v=any ;; esac ;;
  esac
}

# __cardqr_reply COMPGEN-ARGS...: COMPREPLY from compgen, one candidate per line (spaces kept).
__cardqr_reply() {
  COMPREPLY=()
  local line
  while IFS= read -r line; do COMPREPLY+=("$line"); done < <(compgen "$@")
}

# __cardqr_lines PREFIX: COMPREPLY from standard input, one candidate per line, those starting with PREFIX.
# Stored names are untrusted text: compared as strings, never through compgen -W (which expands them).
__cardqr_lines() {
  COMPREPLY=()
  local line
  while IFS= read -r line; do
    [[ $line == "$1"* ]] && COMPREPLY+=("$(printf '%q' "$line")")
  done
}

__cardqr_complete_value() {
  local cur=$1
  case "$__cardqr_v" in
    choices:*) __cardqr_reply -W "${__cardqr_v#choices:}" -- "$cur" ;;
    profiles) __cardqr_lines "$cur" < <(command "$__cardqr_bin" __complete profiles 2>/dev/null) ;;
    file)
      if declare -F _filedir >/dev/null; then _filedir; else compopt -o filenames 2>/dev/null; __cardqr_reply -f -- "$cur"; fi ;;
    dir)
      if declare -F _filedir >/dev/null; then _filedir -d; else compopt -o filenames 2>/dev/null; __cardqr_reply -d -- "$cur"; fi ;;
    *) COMPREPLY=() ;;
  esac
}

_cardqr() {
  # shellcheck disable=SC2034 # split is set by _init_completion -s
  local cur prev words cword split=false
  if declare -F _init_completion >/dev/null; then
    _init_completion -s -n : || return
  else
    words=("${COMP_WORDS[@]}"); cword=$COMP_CWORD
    cur=${COMP_WORDS[COMP_CWORD]}; prev=${COMP_WORDS[COMP_CWORD-1]}
    # Without bash-completion, readline splits "--flag=value" into "--flag" "=" "value".
    if [[ $cur == = ]]; then cur=''
    elif [[ $prev == = ]]; then prev=${COMP_WORDS[COMP_CWORD-2]}; fi
  fi
  local __cardqr_bin=${words[0]} __cardqr_r __cardqr_v __cardqr_subs __cardqr_aliases __cardqr_flags
  local path='' i w skip=0 pos=0 ended=0
  for ((i = 1; i < cword; i++)); do
    w=${words[i]}
    if ((skip)); then skip=0; continue; fi
    if ((ended)); then ((pos++)); continue; fi
    case "$w" in
      --) ended=1 ;;
      =) skip=1 ;;
      --*=*) ;;
      -?*) if __cardqr_value "$path" "$w"; then skip=1; [[ ${words[i+1]} == = ]] && i=$((i + 1)); fi ;;
      *) if ((pos == 0)) && __cardqr_resolve "$path" "$w"; then path=${path:+$path }$__cardqr_r; else ((pos++)); fi ;;
    esac
  done
  COMPREPLY=()
  if [[ $prev == -?* ]] && ((!ended)) && __cardqr_value "$path" "$prev"; then
    __cardqr_complete_value "$cur"
    return
  fi
  __cardqr_node "$path"
  if [[ $cur == -* ]] && ((!ended)); then
    __cardqr_reply -W "$__cardqr_flags" -- "$cur"
    return
  fi
  if ((pos == 0)) && [[ -n $__cardqr_subs ]]; then
    local candidates=$__cardqr_subs
    # Aliases only once something is typed, so a bare TAB lists each command once.
    [[ -n $cur ]] && candidates="$candidates $__cardqr_aliases"
    __cardqr_reply -W "$candidates" -- "$cur"
    return
  fi
  __cardqr_arg "$path" "$pos"
  __cardqr_complete_value "$cur"
}

complete -F _cardqr cardqr
