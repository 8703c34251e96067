function __subs_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __subs_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __subs_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __subs_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __subs_parse_tokens -S
    set -l unparsed_tokens (__subs_tokens -pc)
    switch $unparsed_tokens[1]
    case 'subs'
        __subs_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'add'
            __subs_parse_subcommand 1 'db=' 'as-of=' 'no-color' 'amount=' 'currency=' 'every=' 'next=' 'since=' 'category=' 'tag=+' 'note=' 'payment-method=' 'url=' 'remind=' 'trial-until=' 'ends=' 'notice-days=' 'share=' 'json' 'version' 'h/help'
        case 'list'
            __subs_parse_subcommand 0 'db=' 'as-of=' 'no-color' 'all' 'category=' 'status=' 'search=' 'sort=' 'json' 'csv' 'version' 'h/help'
        case 'show'
            __subs_parse_subcommand 1 'db=' 'as-of=' 'no-color' 'json' 'version' 'h/help'
        case 'edit'
            __subs_parse_subcommand 1 'db=' 'as-of=' 'no-color' 'name=' 'amount=' 'currency=' 'every=' 'next=' 'since=' 'category=' 'tag=+' 'note=' 'payment-method=' 'url=' 'remind=' 'trial-until=' 'ends=' 'notice-days=' 'share=' 'from=' 'untag=+' 'json' 'version' 'h/help'
        case 'rm'
            __subs_parse_subcommand 1 'db=' 'as-of=' 'no-color' 'y/yes' 'version' 'h/help'
        case 'pause'
            __subs_parse_subcommand 1 'db=' 'as-of=' 'no-color' 'version' 'h/help'
        case 'resume'
            __subs_parse_subcommand 1 'db=' 'as-of=' 'no-color' 'version' 'h/help'
        case 'cancel'
            __subs_parse_subcommand 1 'db=' 'as-of=' 'no-color' 'version' 'h/help'
        case 'history'
            __subs_parse_subcommand 1 'db=' 'as-of=' 'no-color' 'json' 'version' 'h/help'
        case 'export'
            __subs_parse_subcommand 0 'db=' 'as-of=' 'no-color' 'format=' 'o/output=' 'version' 'h/help'
        case 'import'
            __subs_parse_subcommand 1 'db=' 'as-of=' 'no-color' 'version' 'h/help'
        case 'config'
            __subs_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'list'
                __subs_parse_subcommand 0 'db=' 'as-of=' 'no-color' 'json' 'version' 'h/help'
            case 'get'
                __subs_parse_subcommand 1 'db=' 'as-of=' 'no-color' 'version' 'h/help'
            case 'set'
                __subs_parse_subcommand 2 'db=' 'as-of=' 'no-color' 'version' 'h/help'
            case 'unset'
                __subs_parse_subcommand 1 'db=' 'as-of=' 'no-color' 'version' 'h/help'
            end
        case 'scan'
            __subs_parse_subcommand -r 1 'db=' 'as-of=' 'no-color' 'json' 'text' 'lang=' 'max-pages=' 'version' 'h/help'
        case 'calendar'
            __subs_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'export'
                __subs_parse_subcommand 0 'db=' 'as-of=' 'no-color' 'o/output=' 'version' 'h/help'
            case 'enable'
                __subs_parse_subcommand 0 'db=' 'as-of=' 'no-color' 'path=' 'version' 'h/help'
            case 'disable'
                __subs_parse_subcommand 0 'db=' 'as-of=' 'no-color' 'version' 'h/help'
            case 'status'
                __subs_parse_subcommand 0 'db=' 'as-of=' 'no-color' 'json' 'version' 'h/help'
            case 'serve'
                __subs_parse_subcommand 0 'db=' 'as-of=' 'no-color' 'bind=' 'port=' 'timeout=' 'version' 'h/help'
            end
        case 'help'
            __subs_parse_subcommand -r 1 'version'
        end
    end
end

function __subs_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __subs_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __subs_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __subs_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__subs_tokens -p)
    if test -z "$(__subs_tokens -t)"
        set -l index (count (__subs_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'subs' -f
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs" version' -l 'version' -d 'Show the version.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'subs' -n '__subs_should_offer_completions_for_positional "subs" -eq 1' -fa 'add' -d 'Add a subscription.'
complete -c 'subs' -n '__subs_should_offer_completions_for_positional "subs" -eq 1' -fa 'list' -d 'List subscriptions (active and trials unless --all or --status).'
complete -c 'subs' -n '__subs_should_offer_completions_for_positional "subs" -eq 1' -fa 'show' -d 'Show one subscription in full.'
complete -c 'subs' -n '__subs_should_offer_completions_for_positional "subs" -eq 1' -fa 'edit' -d 'Change a subscription. A new --amount is kept in the price history.'
complete -c 'subs' -n '__subs_should_offer_completions_for_positional "subs" -eq 1' -fa 'rm' -d 'Delete a subscription and its history (asks first on a terminal).'
complete -c 'subs' -n '__subs_should_offer_completions_for_positional "subs" -eq 1' -fa 'pause' -d 'Pause a subscription: it charges nothing until resumed.'
complete -c 'subs' -n '__subs_should_offer_completions_for_positional "subs" -eq 1' -fa 'resume' -d 'Resume a paused or cancelled subscription.'
complete -c 'subs' -n '__subs_should_offer_completions_for_positional "subs" -eq 1' -fa 'cancel' -d 'Cancel a subscription: no charges from today; its history stays.'
complete -c 'subs' -n '__subs_should_offer_completions_for_positional "subs" -eq 1' -fa 'history' -d 'Past charges of a subscription and its lifetime cost (your share).'
complete -c 'subs' -n '__subs_should_offer_completions_for_positional "subs" -eq 1' -fa 'export' -d 'Write every subscription, with settings and price history, as JSON or CSV.'
complete -c 'subs' -n '__subs_should_offer_completions_for_positional "subs" -eq 1' -fa 'import' -d 'Add the subscriptions of a \'subs export\' file (JSON or CSV). All or nothing.'
complete -c 'subs' -n '__subs_should_offer_completions_for_positional "subs" -eq 1' -fa 'config' -d 'Show or change settings kept in the database.'
complete -c 'subs' -n '__subs_should_offer_completions_for_positional "subs" -eq 1' -fa 'scan' -d 'Read invoices (images or PDFs) and print what they say; nothing is saved.'
complete -c 'subs' -n '__subs_should_offer_completions_for_positional "subs" -eq 1' -fa 'calendar' -d 'An iCalendar feed of every charge, for calendar apps.'
complete -c 'subs' -n '__subs_should_offer_completions_for_positional "subs" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs add" db' -l 'db' -d 'Database file (default: $SUBS_DB, else $XDG_DATA_HOME/subs/subs.db).' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'db\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs add" as-of' -l 'as-of' -d 'Act as if today were this date (YYYY-MM-DD); SUBS_TODAY does it for the process.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs add" no-color' -l 'no-color' -d 'Never colour the output (also NO_COLOR, TERM=dumb).'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs add" amount' -l 'amount' -d 'What one charge costs: 15.99, 15,99, \'1 299,00\', €15.99, \'15.99 EUR\'.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs add" currency' -l 'currency' -d 'ISO 4217 code (default: the amount\'s symbol, else the configured currency).' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs add" every' -l 'every' -d 'Cadence: week, month, quarter, year, or \'N days|weeks|months|years\' (default month).' -rfka 'week month quarter year 2 weeks 6 months'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs add" next' -l 'next' -d 'Date of the next charge, YYYY-MM-DD (default: one period from today). Its day of month is kept.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs add" since' -l 'since' -d 'Date of the first charge, for history and lifetime cost (default: the next charge).' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs add" category' -l 'category' -d 'Category, like Streaming.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs add"' -l 'tag' -d 'Add a tag (repeatable).' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs add" note' -l 'note' -d 'Free-text notes.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs add" payment-method' -l 'payment-method' -d 'How it is paid, like \'Visa 4242\'.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs add" url' -l 'url' -d 'Web page of the service (https://...).' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs add" remind' -l 'remind' -d 'Days before a charge to remind, like 30,7,1; \'none\'; \'default\' for the configured default.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs add" trial-until' -l 'trial-until' -d 'Free trial until this date; the first charge is then (\'none\' clears).' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs add" ends' -l 'ends' -d 'End of a fixed-term contract\'s current term (\'none\' clears).' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs add" notice-days' -l 'notice-days' -d 'Days of notice needed to cancel before a renewal.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs add" share' -l 'share' -d 'Your part when the cost is split: 1/3, 0.5, 50%.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs add" json' -l 'json' -d 'Print the stored subscription as JSON.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs add" version' -l 'version' -d 'Show the version.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs add" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs list" db' -l 'db' -d 'Database file (default: $SUBS_DB, else $XDG_DATA_HOME/subs/subs.db).' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'db\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs list" as-of' -l 'as-of' -d 'Act as if today were this date (YYYY-MM-DD); SUBS_TODAY does it for the process.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs list" no-color' -l 'no-color' -d 'Never colour the output (also NO_COLOR, TERM=dumb).'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs list" all' -l 'all' -d 'Include paused and cancelled subscriptions.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs list" category' -l 'category' -d 'Only this category (case-insensitive).' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs list" status' -l 'status' -d 'Only this status: active, paused, cancelled, trial.' -rfka 'active paused cancelled trial'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs list" search' -l 'search' -d 'Only those whose name, category, tags or notes contain this text.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs list" sort' -l 'sort' -d 'Order: next, name, amount, monthly.' -rfka 'next name amount monthly'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs list" json' -l 'json' -d 'Print JSON (snake_case keys, amounts as strings, dates YYYY-MM-DD).'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs list" csv' -l 'csv' -d 'Print CSV with a header row.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs list" version' -l 'version' -d 'Show the version.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs show" db' -l 'db' -d 'Database file (default: $SUBS_DB, else $XDG_DATA_HOME/subs/subs.db).' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'db\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs show" as-of' -l 'as-of' -d 'Act as if today were this date (YYYY-MM-DD); SUBS_TODAY does it for the process.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs show" no-color' -l 'no-color' -d 'Never colour the output (also NO_COLOR, TERM=dumb).'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs show" json' -l 'json' -d 'Print JSON.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs show" version' -l 'version' -d 'Show the version.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs show" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs edit" db' -l 'db' -d 'Database file (default: $SUBS_DB, else $XDG_DATA_HOME/subs/subs.db).' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'db\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs edit" as-of' -l 'as-of' -d 'Act as if today were this date (YYYY-MM-DD); SUBS_TODAY does it for the process.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs edit" no-color' -l 'no-color' -d 'Never colour the output (also NO_COLOR, TERM=dumb).'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs edit" name' -l 'name' -d 'New name.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs edit" amount' -l 'amount' -d 'What one charge costs: 15.99, 15,99, \'1 299,00\', €15.99, \'15.99 EUR\'.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs edit" currency' -l 'currency' -d 'ISO 4217 code (default: the amount\'s symbol, else the configured currency).' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs edit" every' -l 'every' -d 'Cadence: week, month, quarter, year, or \'N days|weeks|months|years\' (default month).' -rfka 'week month quarter year 2 weeks 6 months'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs edit" next' -l 'next' -d 'Date of the next charge, YYYY-MM-DD (default: one period from today). Its day of month is kept.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs edit" since' -l 'since' -d 'Date of the first charge, for history and lifetime cost (default: the next charge).' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs edit" category' -l 'category' -d 'Category, like Streaming.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs edit"' -l 'tag' -d 'Add a tag (repeatable).' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs edit" note' -l 'note' -d 'Free-text notes.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs edit" payment-method' -l 'payment-method' -d 'How it is paid, like \'Visa 4242\'.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs edit" url' -l 'url' -d 'Web page of the service (https://...).' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs edit" remind' -l 'remind' -d 'Days before a charge to remind, like 30,7,1; \'none\'; \'default\' for the configured default.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs edit" trial-until' -l 'trial-until' -d 'Free trial until this date; the first charge is then (\'none\' clears).' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs edit" ends' -l 'ends' -d 'End of a fixed-term contract\'s current term (\'none\' clears).' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs edit" notice-days' -l 'notice-days' -d 'Days of notice needed to cancel before a renewal.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs edit" share' -l 'share' -d 'Your part when the cost is split: 1/3, 0.5, 50%.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs edit" from' -l 'from' -d 'Date the new amount takes effect (default: today).' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs edit"' -l 'untag' -d 'Remove a tag (repeatable).' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs edit" json' -l 'json' -d 'Print the stored subscription as JSON.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs edit" version' -l 'version' -d 'Show the version.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs edit" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs rm" db' -l 'db' -d 'Database file (default: $SUBS_DB, else $XDG_DATA_HOME/subs/subs.db).' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'db\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs rm" as-of' -l 'as-of' -d 'Act as if today were this date (YYYY-MM-DD); SUBS_TODAY does it for the process.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs rm" no-color' -l 'no-color' -d 'Never colour the output (also NO_COLOR, TERM=dumb).'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs rm" y yes' -s 'y' -l 'yes' -d 'Do not ask; required when not on a terminal.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs rm" version' -l 'version' -d 'Show the version.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs rm" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs pause" db' -l 'db' -d 'Database file (default: $SUBS_DB, else $XDG_DATA_HOME/subs/subs.db).' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'db\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs pause" as-of' -l 'as-of' -d 'Act as if today were this date (YYYY-MM-DD); SUBS_TODAY does it for the process.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs pause" no-color' -l 'no-color' -d 'Never colour the output (also NO_COLOR, TERM=dumb).'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs pause" version' -l 'version' -d 'Show the version.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs pause" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs resume" db' -l 'db' -d 'Database file (default: $SUBS_DB, else $XDG_DATA_HOME/subs/subs.db).' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'db\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs resume" as-of' -l 'as-of' -d 'Act as if today were this date (YYYY-MM-DD); SUBS_TODAY does it for the process.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs resume" no-color' -l 'no-color' -d 'Never colour the output (also NO_COLOR, TERM=dumb).'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs resume" version' -l 'version' -d 'Show the version.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs resume" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs cancel" db' -l 'db' -d 'Database file (default: $SUBS_DB, else $XDG_DATA_HOME/subs/subs.db).' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'db\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs cancel" as-of' -l 'as-of' -d 'Act as if today were this date (YYYY-MM-DD); SUBS_TODAY does it for the process.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs cancel" no-color' -l 'no-color' -d 'Never colour the output (also NO_COLOR, TERM=dumb).'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs cancel" version' -l 'version' -d 'Show the version.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs cancel" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs history" db' -l 'db' -d 'Database file (default: $SUBS_DB, else $XDG_DATA_HOME/subs/subs.db).' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'db\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs history" as-of' -l 'as-of' -d 'Act as if today were this date (YYYY-MM-DD); SUBS_TODAY does it for the process.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs history" no-color' -l 'no-color' -d 'Never colour the output (also NO_COLOR, TERM=dumb).'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs history" json' -l 'json' -d 'Print JSON.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs history" version' -l 'version' -d 'Show the version.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs history" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs export" db' -l 'db' -d 'Database file (default: $SUBS_DB, else $XDG_DATA_HOME/subs/subs.db).' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'db\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs export" as-of' -l 'as-of' -d 'Act as if today were this date (YYYY-MM-DD); SUBS_TODAY does it for the process.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs export" no-color' -l 'no-color' -d 'Never colour the output (also NO_COLOR, TERM=dumb).'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs export" format' -l 'format' -d 'json or csv.' -rfka 'json csv'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs export" o output' -s 'o' -l 'output' -d 'Write to this file (replaced atomically) instead of stdout; - is stdout.' -rF
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs export" version' -l 'version' -d 'Show the version.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs export" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs import" db' -l 'db' -d 'Database file (default: $SUBS_DB, else $XDG_DATA_HOME/subs/subs.db).' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'db\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs import" as-of' -l 'as-of' -d 'Act as if today were this date (YYYY-MM-DD); SUBS_TODAY does it for the process.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs import" no-color' -l 'no-color' -d 'Never colour the output (also NO_COLOR, TERM=dumb).'
complete -c 'subs' -n '__subs_should_offer_completions_for_positional "subs import" -eq 1' -fa '(set -l exts \'json\' \'csv\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs import" version' -l 'version' -d 'Show the version.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs import" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs config" version' -l 'version' -d 'Show the version.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs config" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'subs' -n '__subs_should_offer_completions_for_positional "subs config" -eq 1' -fa 'list' -d 'Print every setting.'
complete -c 'subs' -n '__subs_should_offer_completions_for_positional "subs config" -eq 1' -fa 'get' -d 'Print one setting.'
complete -c 'subs' -n '__subs_should_offer_completions_for_positional "subs config" -eq 1' -fa 'set' -d 'Change one setting.'
complete -c 'subs' -n '__subs_should_offer_completions_for_positional "subs config" -eq 1' -fa 'unset' -d 'Return one setting to its default.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs config list" db' -l 'db' -d 'Database file (default: $SUBS_DB, else $XDG_DATA_HOME/subs/subs.db).' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'db\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs config list" as-of' -l 'as-of' -d 'Act as if today were this date (YYYY-MM-DD); SUBS_TODAY does it for the process.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs config list" no-color' -l 'no-color' -d 'Never colour the output (also NO_COLOR, TERM=dumb).'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs config list" json' -l 'json' -d 'Print JSON.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs config list" version' -l 'version' -d 'Show the version.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs config list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs config get" db' -l 'db' -d 'Database file (default: $SUBS_DB, else $XDG_DATA_HOME/subs/subs.db).' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'db\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs config get" as-of' -l 'as-of' -d 'Act as if today were this date (YYYY-MM-DD); SUBS_TODAY does it for the process.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs config get" no-color' -l 'no-color' -d 'Never colour the output (also NO_COLOR, TERM=dumb).'
complete -c 'subs' -n '__subs_should_offer_completions_for_positional "subs config get" -eq 1' -fka 'currency remind_days'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs config get" version' -l 'version' -d 'Show the version.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs config get" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs config set" db' -l 'db' -d 'Database file (default: $SUBS_DB, else $XDG_DATA_HOME/subs/subs.db).' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'db\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs config set" as-of' -l 'as-of' -d 'Act as if today were this date (YYYY-MM-DD); SUBS_TODAY does it for the process.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs config set" no-color' -l 'no-color' -d 'Never colour the output (also NO_COLOR, TERM=dumb).'
complete -c 'subs' -n '__subs_should_offer_completions_for_positional "subs config set" -eq 1' -fka 'currency remind_days'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs config set" version' -l 'version' -d 'Show the version.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs config set" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs config unset" db' -l 'db' -d 'Database file (default: $SUBS_DB, else $XDG_DATA_HOME/subs/subs.db).' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'db\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs config unset" as-of' -l 'as-of' -d 'Act as if today were this date (YYYY-MM-DD); SUBS_TODAY does it for the process.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs config unset" no-color' -l 'no-color' -d 'Never colour the output (also NO_COLOR, TERM=dumb).'
complete -c 'subs' -n '__subs_should_offer_completions_for_positional "subs config unset" -eq 1' -fka 'currency remind_days'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs config unset" version' -l 'version' -d 'Show the version.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs config unset" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs scan" db' -l 'db' -d 'Database file (default: $SUBS_DB, else $XDG_DATA_HOME/subs/subs.db).' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'db\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs scan" as-of' -l 'as-of' -d 'Act as if today were this date (YYYY-MM-DD); SUBS_TODAY does it for the process.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs scan" no-color' -l 'no-color' -d 'Never colour the output (also NO_COLOR, TERM=dumb).'
complete -c 'subs' -n '__subs_should_offer_completions_for_positional "subs scan" -ge 1' -fa '(set -l exts \'png\' \'jpg\' \'jpeg\' \'webp\' \'tif\' \'tiff\' \'gif\' \'bmp\' \'heic\' \'heif\' \'pdf\';for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.{$exts};printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs scan" json' -l 'json' -d 'Print one JSON object per file, one per line.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs scan" text' -l 'text' -d 'Also print the text that was read (the OCR or PDF text layer).'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs scan" lang' -l 'lang' -d 'OCR languages, \'+\'-separated Tesseract codes.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs scan" max-pages' -l 'max-pages' -d 'Refuse PDFs with more pages.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs scan" version' -l 'version' -d 'Show the version.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs scan" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar" version' -l 'version' -d 'Show the version.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'subs' -n '__subs_should_offer_completions_for_positional "subs calendar" -eq 1' -fa 'export' -d 'Write the iCalendar feed (RFC 5545) once.'
complete -c 'subs' -n '__subs_should_offer_completions_for_positional "subs calendar" -eq 1' -fa 'enable' -d 'Keep a feed file current: every command that changes data rewrites it atomically.'
complete -c 'subs' -n '__subs_should_offer_completions_for_positional "subs calendar" -eq 1' -fa 'disable' -d 'Stop rewriting the feed file after changes (the file stays).'
complete -c 'subs' -n '__subs_should_offer_completions_for_positional "subs calendar" -eq 1' -fa 'status' -d 'Say whether the feed file is kept current, where, and when it was written.'
complete -c 'subs' -n '__subs_should_offer_completions_for_positional "subs calendar" -eq 1' -fa 'serve' -d 'Serve the feed over HTTP for calendar apps that subscribe by URL.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar export" db' -l 'db' -d 'Database file (default: $SUBS_DB, else $XDG_DATA_HOME/subs/subs.db).' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'db\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar export" as-of' -l 'as-of' -d 'Act as if today were this date (YYYY-MM-DD); SUBS_TODAY does it for the process.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar export" no-color' -l 'no-color' -d 'Never colour the output (also NO_COLOR, TERM=dumb).'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar export" o output' -s 'o' -l 'output' -d 'Write to this file (replaced atomically) instead of stdout; - is stdout.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'ics\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar export" version' -l 'version' -d 'Show the version.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar export" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar enable" db' -l 'db' -d 'Database file (default: $SUBS_DB, else $XDG_DATA_HOME/subs/subs.db).' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'db\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar enable" as-of' -l 'as-of' -d 'Act as if today were this date (YYYY-MM-DD); SUBS_TODAY does it for the process.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar enable" no-color' -l 'no-color' -d 'Never colour the output (also NO_COLOR, TERM=dumb).'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar enable" path' -l 'path' -d 'The feed file.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'ics\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar enable" version' -l 'version' -d 'Show the version.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar enable" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar disable" db' -l 'db' -d 'Database file (default: $SUBS_DB, else $XDG_DATA_HOME/subs/subs.db).' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'db\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar disable" as-of' -l 'as-of' -d 'Act as if today were this date (YYYY-MM-DD); SUBS_TODAY does it for the process.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar disable" no-color' -l 'no-color' -d 'Never colour the output (also NO_COLOR, TERM=dumb).'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar disable" version' -l 'version' -d 'Show the version.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar disable" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar status" db' -l 'db' -d 'Database file (default: $SUBS_DB, else $XDG_DATA_HOME/subs/subs.db).' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'db\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar status" as-of' -l 'as-of' -d 'Act as if today were this date (YYYY-MM-DD); SUBS_TODAY does it for the process.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar status" no-color' -l 'no-color' -d 'Never colour the output (also NO_COLOR, TERM=dumb).'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar status" json' -l 'json' -d 'Print JSON.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar status" version' -l 'version' -d 'Show the version.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar status" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar serve" db' -l 'db' -d 'Database file (default: $SUBS_DB, else $XDG_DATA_HOME/subs/subs.db).' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'db\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar serve" as-of' -l 'as-of' -d 'Act as if today were this date (YYYY-MM-DD); SUBS_TODAY does it for the process.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar serve" no-color' -l 'no-color' -d 'Never colour the output (also NO_COLOR, TERM=dumb).'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar serve" bind' -l 'bind' -d 'Address to listen on: 127.0.0.1 (this machine only), ::1, or a LAN address.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar serve" port' -l 'port' -d 'TCP port (0 picks a free one).' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar serve" timeout' -l 'timeout' -d 'Seconds a client has to send its request.' -rfka ''
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar serve" version' -l 'version' -d 'Show the version.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs calendar serve" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'subs' -n '__subs_should_offer_completions_for_flags_or_options "subs help" version' -l 'version' -d 'Show the version.'
