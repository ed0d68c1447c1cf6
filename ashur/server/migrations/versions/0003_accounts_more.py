"""accounts: password resets, session generations, deleted accounts, and one table of rate-limit events
(the login failures' table generalised)

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-25 00:15:00
"""

import sqlalchemy as sa
from alembic import op

revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('rate_events',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('key', sa.String(length=120), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('rate_events', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_rate_events_at'), ['at'], unique=False)
        batch_op.create_index(batch_op.f('ix_rate_events_key'), ['key'], unique=False)
    # the login limit's failures are counted in rate_events now (a few minutes of counts are dropped)
    with op.batch_alter_table('login_failures', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_login_failures_key'))
        batch_op.drop_index(batch_op.f('ix_login_failures_at'))
    op.drop_table('login_failures')

    op.create_table('password_resets',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('token_hash', sa.String(length=64), nullable=False),
    sa.Column('expires_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('token_hash')
    )
    with op.batch_alter_table('password_resets', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_password_resets_expires_at'), ['expires_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_password_resets_user_id'), ['user_id'], unique=False)

    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.add_column(sa.Column('session_gen', sa.Integer(), nullable=False, server_default='0'))
        batch_op.add_column(sa.Column('deleted_at', sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_column('deleted_at')
        batch_op.drop_column('session_gen')
    with op.batch_alter_table('password_resets', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_password_resets_user_id'))
        batch_op.drop_index(batch_op.f('ix_password_resets_expires_at'))
    op.drop_table('password_resets')
    op.create_table('login_failures',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('key', sa.String(length=100), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('login_failures', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_login_failures_at'), ['at'], unique=False)
        batch_op.create_index(batch_op.f('ix_login_failures_key'), ['key'], unique=False)
    with op.batch_alter_table('rate_events', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_rate_events_key'))
        batch_op.drop_index(batch_op.f('ix_rate_events_at'))
    op.drop_table('rate_events')
